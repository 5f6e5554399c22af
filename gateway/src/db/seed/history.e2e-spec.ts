import { DateTime } from 'luxon';
import { createTestApp, type TestApp } from '../../test/test-app';
import { discountedCents } from '../../common/money';
import { totalsOf } from '../../modules/cart/cart-totals';
import { venueTimes } from '../../modules/booking/booking-time';
import { DEMO_ACCOUNTS } from './accounts';
import { DEMO_CUSTOMER_PASSWORD, HISTORY_DAYS, historySeeder } from './history';
import { seedDemoDataIfEmpty } from '.';

// Eight weeks back from here cross the start of daylight saving time in New York (8 March 2026).
const NOW = '2026-03-20T16:30:00Z';
const ZONE = 'America/New_York';

const LOGIN = `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }`;

describe('demo history seed (real database)', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  const today = DateTime.fromISO(NOW, { zone: ZONE });
  const last30 = { from: today.minus({ days: 29 }).toISODate()!, to: today.toISODate()! };

  beforeAll(async () => {
    app = await createTestApp({ VENUE_TIMEZONE: ZONE });
    app.clock.set(NOW);
    expect(await seedDemoDataIfEmpty(app.deps)).toBe(true);
  }, 120_000);
  afterAll(() => app.close());

  async function login(email: string, password: string): Promise<string> {
    const res = await app.gql<{ login: { token: string } }>(LOGIN, { email, password });
    expect(res.errors).toBeUndefined();
    return res.data!.login.token;
  }

  it('keeps the demo logins working and lets the demo customers log in', async () => {
    for (const account of DEMO_ACCOUNTS) tokens[account.username] = await login(account.email, account.password);
    const customers: { email: string }[] = await app.db.query(
      "SELECT email FROM users WHERE email LIKE '%@example.com' ORDER BY email",
    );
    expect(customers.length).toBeGreaterThanOrEqual(10);
    await login(customers[0].email, DEMO_CUSTOMER_PASSWORD);
  });

  it('gives the admin reports data for the last 30 days', async () => {
    const res = await app.gql<{
      salesReport: { periods: unknown[]; totals: { orders: number; itemsSold: number; grossRevenue: number } };
      topProducts: { units: number }[];
      bookingUtilization: {
        bookedHours: number;
        utilization: number;
        bySessionType: { bookings: number }[];
        heatMap: { occupancy: number }[];
      };
    }>(
      `query ($from: String!, $to: String!) {
        salesReport(from: $from, to: $to) { periods { orders } totals { orders itemsSold grossRevenue } }
        topProducts(from: $from, to: $to) { units }
        bookingUtilization(from: $from, to: $to) { bookedHours utilization bySessionType { bookings } heatMap { occupancy } }
      }`,
      last30,
      { token: tokens.admin },
    );
    expect(res.errors).toBeUndefined();
    const { salesReport, topProducts, bookingUtilization } = res.data!;
    expect(salesReport.periods).toHaveLength(30);
    expect(salesReport.totals.orders).toBeGreaterThan(40);
    expect(salesReport.totals.grossRevenue).toBeGreaterThan(0);
    expect(topProducts.length).toBe(10);
    expect(bookingUtilization.bookedHours).toBeGreaterThan(0);
    // A living venue: roughly a tenth of all station hours booked, the evenings far more.
    expect(bookingUtilization.utilization).toBeGreaterThan(0.05);
    expect(Math.max(...bookingUtilization.heatMap.map((cell) => cell.occupancy))).toBeGreaterThan(0.25);
    expect(bookingUtilization.bySessionType.every((row) => row.bookings > 0)).toBe(true);
    expect(bookingUtilization.heatMap.filter((cell) => cell.occupancy > 0).length).toBeGreaterThan(20);
  });

  it('fills the admin lists of orders and reservations', async () => {
    const res = await app.gql<{ orders: { total: number }; bookings: { total: number } }>(
      '{ orders { total } bookings { total } }',
      {},
      { token: tokens.admin },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.orders.total).toBeGreaterThanOrEqual(100);
    expect(res.data!.bookings.total).toBeGreaterThanOrEqual(140);
  });

  it('shows the demo player their own orders and upcoming bookings', async () => {
    const res = await app.gql<{
      myOrders: { total: number };
      myBookings: { total: number; items: { date: string; status: string }[] };
    }>(
      '{ myOrders { total } myBookings(status: [upcoming], pageSize: 20) { total items { date status } } }',
      {},
      { token: tokens.player },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.myOrders.total).toBeGreaterThanOrEqual(5);
    // Exactly the seeded few, so a session the player books gets onto the first page of five.
    expect(res.data!.myBookings.total).toBe(3);
    expect(res.data!.myBookings.items.every((b) => b.status === 'upcoming')).toBe(true);
  });

  it('prices every order by the checkout rules, with a realistic mix of states', async () => {
    const rows: {
      id: string;
      status: string;
      is_delivered: boolean;
      payment_method: string;
      created_at: Date;
      subtotal_cents: number;
      tax_cents: number;
      shipping_cents: number;
      total_cents: number;
      lines: { unit: number; quantity: number; price: number; discount: number }[];
    }[] = await app.db.query(
      `SELECT o.id, o.status, o.is_delivered, o.payment_method, o.created_at,
              o.subtotal_cents, o.tax_cents, o.shipping_cents, o.total_cents,
              json_agg(json_build_object('unit', i.unit_price_cents, 'quantity', i.quantity,
                                         'price', p.price_cents, 'discount', p.discount)) AS lines
       FROM orders o JOIN order_items i ON i.order_id = o.id JOIN products p ON p.id = i.product_id
       GROUP BY o.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(rows.length).toBeLessThanOrEqual(140);
    for (const order of rows) {
      expect(order.lines.length).toBeGreaterThanOrEqual(1);
      expect(order.lines.length).toBeLessThanOrEqual(4);
      for (const line of order.lines) expect(line.unit).toBe(discountedCents(line.price, line.discount));
      const totals = totalsOf(
        order.lines.map((l) => ({ priceCents: l.price, discount: l.discount, quantity: l.quantity })),
      );
      expect({
        subtotalCents: order.subtotal_cents,
        taxCents: order.tax_cents,
        shippingCents: order.shipping_cents,
        totalCents: order.total_cents,
      }).toEqual({
        subtotalCents: totals.subtotalCents,
        taxCents: totals.taxCents,
        shippingCents: totals.shippingCents,
        totalCents: totals.totalCents,
      });
      expect(order.created_at.getTime()).toBeLessThan(new Date(NOW).getTime());
      expect(order.created_at.getTime()).toBeGreaterThan(today.minus({ days: HISTORY_DAYS + 1 }).toMillis());
    }
    const count = (test: (o: (typeof rows)[number]) => boolean) => rows.filter(test).length;
    expect(count((o) => o.is_delivered)).toBeGreaterThan(rows.length / 2);
    expect(count((o) => !o.is_delivered && o.status !== 'cancelled')).toBeGreaterThan(0);
    expect(count((o) => o.status === 'cancelled')).toBeGreaterThan(0);
    expect(count((o) => o.payment_method === 'Cash')).toBeGreaterThan(0);
    expect(count((o) => o.payment_method === 'stripe')).toBeGreaterThan(0);
    // Cash is taken as the order is handed over: only open cash orders are unpaid.
    expect(count((o) => o.payment_method === 'Cash' && o.is_delivered && o.status !== 'paid')).toBe(0);
    expect(count((o) => o.status === 'unpaid')).toBeGreaterThan(0);
    // Weekends (Friday to Sunday, venue time) are busier than the other days.
    const weekend = count((o) => DateTime.fromJSDate(o.created_at, { zone: ZONE }).weekday >= 5);
    expect(weekend / 3).toBeGreaterThan((rows.length - weekend) / 4);
  });

  it('books real stations inside opening hours, past and upcoming', async () => {
    const rows: { starts_at: Date; ends_at: Date; session_type: string; station_type: string; cancelled: boolean }[] =
      await app.db.query(
        `SELECT b.starts_at, b.ends_at, b.session_type, s.session_type AS station_type,
                b.cancelled_at IS NOT NULL AS cancelled
         FROM bookings b JOIN stations s ON s.id = b.station_id`,
      );
    const now = new Date(NOW).getTime();
    const past = rows.filter((b) => b.starts_at.getTime() < now);
    expect(past.length).toBeGreaterThanOrEqual(700);
    expect(past.length).toBeLessThanOrEqual(1300);
    expect(rows.filter((b) => b.starts_at.getTime() > now).length).toBeGreaterThanOrEqual(6);
    expect(past.some((b) => b.cancelled)).toBe(true);
    expect(rows.filter((b) => b.starts_at.getTime() > now && b.cancelled)).toEqual([]);
    for (const booking of rows) {
      expect(booking.session_type).toBe(booking.station_type);
      const { startTime, endTime } = venueTimes(booking.starts_at, booking.ends_at, ZONE);
      expect(startTime >= '10:00').toBe(true);
      expect(endTime === '00:00' || (endTime > startTime && endTime <= '23:59')).toBe(true);
      expect(booking.ends_at.getTime() - booking.starts_at.getTime()).toBeLessThanOrEqual(4 * 3_600_000);
    }
  });

  it('adds nothing when run again', async () => {
    const counts = () =>
      app.db.query(
        'SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM bookings)::int AS bookings, (SELECT count(*) FROM users)::int AS users',
      );
    const before = await counts();
    await historySeeder.run({ ...app.deps, db: app.db.manager });
    expect(await seedDemoDataIfEmpty(app.deps)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
