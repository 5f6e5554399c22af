import { createAdmin, createProduct, createUser } from '../../test/factories';
import { backdateStationService } from '../booking/station-service';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Product } from '../catalog/product.entity';
import { REPORT_MESSAGES } from './report-range';

// Fixture figures below are worked out by hand (venue time zone America/New_York, EST = UTC-5
// in February 2026; Monday 2 February). Every order pays tax 10 % of its items and 5.00 shipping.
//   o1 Mon 02 10:00  Cash   unpaid            A×2 @12.00 = 24.00 + 2.40 + 5 = 31.40
//   o2 Mon 02 23:30  card   paid              B×1 @40.00 = 40.00 + 4.00 + 5 = 49.00  (UTC: Tue 04:30)
//   o3 Tue 03 12:00  Cash   cancelled         A×3 @12.00 = 36.00 + 3.60 + 5 = 44.60
//   o4 Tue 10 09:00  card   paid, delivered   A×3 + B×1  = 76.00 + 7.60 + 5 = 88.60
//   o5 Sun 01 23:30  Cash   unpaid            B×1 @40.00 = 49.00                     (UTC: Mon 04:30)

const SALES = `query Sales($from: String!, $to: String!, $groupBy: ReportPeriod) {
  salesReport(from: $from, to: $to, groupBy: $groupBy) {
    from to groupBy
    periods { periodStart orders itemsSold grossRevenue averageOrderValue cancelledOrders
      revenueByPaymentMethod { method orders revenue } }
    totals { orders itemsSold grossRevenue averageOrderValue cancelledOrders
      revenueByPaymentMethod { method orders revenue } }
  }
}`;
const TOP = `query Top($from: String!, $to: String!, $limit: Int, $by: TopProductsBy) {
  topProducts(from: $from, to: $to, limit: $limit, by: $by) { productId name units revenue stock }
}`;
const UTILIZATION = `query Utilization($from: String!, $to: String!, $sessionType: SessionType) {
  bookingUtilization(from: $from, to: $to, sessionType: $sessionType) {
    from to bookedHours availableHours utilization cancelledBookings
    bySessionType { sessionType stations bookedHours availableHours utilization bookings cancelledBookings }
    heatMap { weekday hour bookedHours availableHours occupancy }
  }
}`;
const LOW_STOCK = `query Low($threshold: Int) { lowStock(threshold: $threshold) { id name amount } }`;
const BY_STATUS = `query ByStatus($from: String!, $to: String!) {
  ordersByStatus(from: $from, to: $to) { from to total paid unpaid cancelled delivered undelivered }
}`;
const ADD_STATION = `mutation Add($sessionType: SessionType!, $name: String!) {
  addStation(sessionType: $sessionType, name: $name) { id }
}`;
const SET_ACTIVE = `mutation SetActive($id: ID!, $active: Boolean!) { setStationActive(id: $id, active: $active) { id } }`;

type Person = Awaited<ReturnType<typeof createUser>>;
type Figures = {
  orders: number;
  itemsSold: number;
  grossRevenue: number;
  averageOrderValue: number;
  cancelledOrders: number;
  revenueByPaymentMethod: { method: string; orders: number; revenue: number }[];
};
type Cell = { weekday: number; hour: number; bookedHours: number; availableHours: number; occupancy: number };

const byMethod = (cash: [number, number], card: [number, number]) => [
  { method: 'Cash', orders: cash[0], revenue: cash[1] },
  { method: 'stripe', orders: card[0], revenue: card[1] },
];

async function insertOrder(
  app: TestApp,
  buyer: Person,
  at: string,
  fields: { status: string; method: 'Cash' | 'stripe'; delivered?: boolean },
  lines: [Product, number][],
) {
  const subtotal = lines.reduce((sum, [product, quantity]) => sum + product.priceCents * quantity, 0);
  const tax = subtotal / 10;
  const [{ id }] = await app.db.query(
    `INSERT INTO orders (user_id, status, is_delivered, payment_method, payment_intent_id,
       subtotal_cents, tax_cents, shipping_cents, total_cents, full_name, email, phone, address, city, zip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 500, $8, 'Ada', 'ada@example.com', '1', '1 Way', 'NYC', '10001', $9)
     RETURNING id`,
    [
      buyer.user.id,
      fields.status,
      fields.delivered ?? false,
      fields.method,
      fields.method === 'stripe' ? `pi_${Math.random().toString(36).slice(2)}` : null,
      subtotal,
      tax,
      subtotal + tax + 500,
      at,
    ],
  );
  for (const [position, [product, quantity]] of lines.entries()) {
    await app.db.query(
      `INSERT INTO order_items (order_id, product_id, position, name, unit_price_cents, quantity)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, product.id, position, product.name, product.priceCents, quantity],
    );
  }
}

/** Switches stations on or off as an admin does, at the app clock's now. */
async function setActive(app: TestApp, token: string, names: string[], active: boolean) {
  for (const name of names) {
    const [{ id }] = (await app.db.query('SELECT id FROM stations WHERE name = $1', [name])) as { id: string }[];
    const res = await app.gql(SET_ACTIVE, { id, active }, { token });
    expect(res.errors).toBeUndefined();
  }
}

async function insertBooking(
  app: TestApp,
  who: Person,
  station: string,
  start: string,
  end: string,
  cancelled = false,
) {
  await app.db.query(
    `INSERT INTO bookings (user_id, station_id, session_type, starts_at, ends_at, cancelled_at)
     SELECT $1, id, session_type, $3, $4, $5 FROM stations WHERE name = $2`,
    [who.user.id, station, start, end, cancelled ? '2026-02-01T12:00:00Z' : null],
  );
}

describe('reports (HTTP, real database)', () => {
  let app: TestApp;
  let admin: Person;
  let customer: Person;
  let gameA: Product;
  let gameB: Product;
  const asAdmin = <T>(query: string, variables: Record<string, unknown> = {}) =>
    app.gql<T>(query, variables, { token: admin.token });

  beforeAll(async () => {
    app = await createTestApp();
    // The seeded stations are in service from when the test database was made: these past bookings are at a venue
    // that has had them since January.
    await backdateStationService(app.db, '2026-01-01T05:00:00Z');
    admin = await createAdmin(app.db, app.deps.jwtSecret);
    customer = await createUser(app.db, app.deps.jwtSecret);
    const other = await createUser(app.db, app.deps.jwtSecret);
    gameA = await createProduct(app.db, { name: 'Alpha', priceCents: 1200, amount: 3 });
    gameB = await createProduct(app.db, { name: 'Beta', priceCents: 4000, amount: 20 });
    await createProduct(app.db, { name: 'Zero', priceCents: 500, amount: 0 });

    await insertOrder(app, customer, '2026-02-02T15:00:00Z', { status: 'unpaid', method: 'Cash' }, [[gameA, 2]]);
    await insertOrder(app, customer, '2026-02-03T04:30:00Z', { status: 'paid', method: 'stripe' }, [[gameB, 1]]);
    await insertOrder(app, customer, '2026-02-03T17:00:00Z', { status: 'cancelled', method: 'Cash' }, [[gameA, 3]]);
    await insertOrder(app, customer, '2026-02-10T14:00:00Z', { status: 'paid', method: 'stripe', delivered: true }, [
      [gameA, 3],
      [gameB, 1],
    ]);
    await insertOrder(app, customer, '2026-02-02T04:30:00Z', { status: 'unpaid', method: 'Cash' }, [[gameB, 1]]);

    // Monday 2 Feb: VR 1 18:00-20:00 and VR 2 18:30-19:30; Tuesday 3 Feb: PC 1 22:00-24:00 and a
    // cancelled VR 1 12:00-14:00; Wednesday 4 Feb (outside the range used): VR 1 12:00-13:00.
    await insertBooking(app, customer, 'VR 1', '2026-02-02T23:00:00Z', '2026-02-03T01:00:00Z');
    await insertBooking(app, other, 'VR 2', '2026-02-02T23:30:00Z', '2026-02-03T00:30:00Z');
    await insertBooking(app, customer, 'PC 1', '2026-02-04T03:00:00Z', '2026-02-04T05:00:00Z');
    await insertBooking(app, other, 'VR 1', '2026-02-03T17:00:00Z', '2026-02-03T19:00:00Z', true);
    await insertBooking(app, customer, 'VR 1', '2026-02-04T17:00:00Z', '2026-02-04T18:00:00Z');
  });

  afterAll(() => app.close());

  describe('salesReport', () => {
    it('gives every day of the range with orders, units, revenue by method and average; cancelled only counted', async () => {
      const res = await asAdmin<{ salesReport: { periods: (Figures & { periodStart: string })[]; totals: Figures } }>(
        SALES,
        { from: '2026-02-02', to: '2026-02-10', groupBy: 'DAY' },
      );
      expect(res.errors).toBeUndefined();
      const { periods, totals } = res.data!.salesReport;
      expect(periods.map((p) => p.periodStart)).toEqual([
        '2026-02-02',
        '2026-02-03',
        '2026-02-04',
        '2026-02-05',
        '2026-02-06',
        '2026-02-07',
        '2026-02-08',
        '2026-02-09',
        '2026-02-10',
      ]);
      // o1 + o2 (23:30 venue time stays on Monday): 31.40 + 49.00 = 80.40, 3 units, average 40.20.
      expect(periods[0]).toEqual({
        periodStart: '2026-02-02',
        orders: 2,
        itemsSold: 3,
        grossRevenue: 80.4,
        averageOrderValue: 40.2,
        cancelledOrders: 0,
        revenueByPaymentMethod: byMethod([1, 31.4], [1, 49]),
      });
      expect(periods[1]).toMatchObject({
        orders: 0,
        itemsSold: 0,
        grossRevenue: 0,
        averageOrderValue: 0,
        cancelledOrders: 1,
      });
      expect(periods[8]).toMatchObject({ orders: 1, itemsSold: 4, grossRevenue: 88.6, averageOrderValue: 88.6 });
      // 80.40 + 88.60 = 169.00 over 3 orders = 56.333 -> 56.33.
      expect(totals).toEqual({
        orders: 3,
        itemsSold: 7,
        grossRevenue: 169,
        averageOrderValue: 56.33,
        cancelledOrders: 1,
        revenueByPaymentMethod: byMethod([1, 31.4], [2, 137.6]),
      });
    });

    it('groups by Monday-based weeks and by month', async () => {
      const weeks = await asAdmin<{ salesReport: { periods: (Figures & { periodStart: string })[] } }>(SALES, {
        from: '2026-02-04',
        to: '2026-02-10',
        groupBy: 'WEEK',
      });
      expect(weeks.data!.salesReport.periods.map((p) => [p.periodStart, p.orders, p.grossRevenue])).toEqual([
        ['2026-02-02', 0, 0],
        ['2026-02-09', 1, 88.6],
      ]);
      const months = await asAdmin<{ salesReport: { periods: (Figures & { periodStart: string })[] } }>(SALES, {
        from: '2026-01-01',
        to: '2026-02-28',
        groupBy: 'MONTH',
      });
      // February: o1, o2, o4, o5 = 31.40 + 49.00 + 88.60 + 49.00 = 218.00, and o3 cancelled.
      expect(
        months.data!.salesReport.periods.map((p) => [p.periodStart, p.orders, p.grossRevenue, p.cancelledOrders]),
      ).toEqual([
        ['2026-01-01', 0, 0, 0],
        ['2026-02-01', 4, 218, 1],
      ]);
    });

    it('puts an order at 23:30 venue time on its own day, not on the UTC day', async () => {
      const sunday = await asAdmin<{ salesReport: { totals: Figures } }>(SALES, {
        from: '2026-02-01',
        to: '2026-02-01',
      });
      expect(sunday.data!.salesReport.totals).toMatchObject({ orders: 1, grossRevenue: 49 });
      const tuesday = await asAdmin<{ salesReport: { totals: Figures } }>(SALES, {
        from: '2026-02-03',
        to: '2026-02-03',
      });
      expect(tuesday.data!.salesReport.totals).toMatchObject({ orders: 0, grossRevenue: 0, cancelledOrders: 1 });
    });
  });

  it('topProducts ranks by revenue or units, without cancelled orders, with stock now', async () => {
    // Alpha: 2 + 3 units = 5, 60.00; Beta: 1 + 1 units = 2, 80.00 (o3 is cancelled, o5 is before the range).
    const alpha = { productId: gameA.id, name: 'Alpha', units: 5, revenue: 60, stock: 3 };
    const beta = { productId: gameB.id, name: 'Beta', units: 2, revenue: 80, stock: 20 };
    const range = { from: '2026-02-02', to: '2026-02-10' };
    const byRevenue = await asAdmin<{ topProducts: unknown[] }>(TOP, range);
    expect(byRevenue.data!.topProducts).toEqual([beta, alpha]);
    const byUnits = await asAdmin<{ topProducts: unknown[] }>(TOP, { ...range, by: 'UNITS', limit: 1 });
    expect(byUnits.data!.topProducts).toEqual([alpha]);
    const tooMany = await asAdmin(TOP, { ...range, limit: 51 });
    expect(tooMany.errors?.[0]).toMatchObject({
      message: 'The limit must be between 1 and 50.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('topProducts keeps a product deleted since, under the name it last sold as, with no stock', async () => {
    const gone = await createProduct(app.db, { name: 'Gamma', priceCents: 900, amount: 7 });
    await insertOrder(app, customer, '2026-03-02T15:00:00Z', { status: 'paid', method: 'stripe' }, [[gone, 2]]);
    await insertOrder(app, customer, '2026-03-03T15:00:00Z', { status: 'unpaid', method: 'Cash' }, [
      [gone, 1],
      [gameB, 1],
    ]);
    await app.db.query('DELETE FROM products WHERE id = $1', [gone.id]);
    const res = await asAdmin<{ topProducts: unknown[] }>(TOP, { from: '2026-03-02', to: '2026-03-03', by: 'UNITS' });
    expect(res.data!.topProducts).toEqual([
      { productId: gone.id, name: 'Gamma', units: 3, revenue: 27, stock: 0 },
      { productId: gameB.id, name: 'Beta', units: 1, revenue: 40, stock: 20 },
    ]);
  });

  it('ordersByStatus counts paid, unpaid, cancelled, delivered and undelivered', async () => {
    const res = await asAdmin<{ ordersByStatus: unknown }>(BY_STATUS, { from: '2026-02-02', to: '2026-02-10' });
    expect(res.data!.ordersByStatus).toEqual({
      from: '2026-02-02',
      to: '2026-02-10',
      total: 4,
      paid: 2,
      unpaid: 1,
      cancelled: 1,
      delivered: 1,
      undelivered: 2,
    });
  });

  it('lowStock lists products at or below the threshold, fewest first', async () => {
    const res = await asAdmin<{ lowStock: { name: string; amount: number }[] }>(LOW_STOCK, { threshold: 3 });
    expect(res.data!.lowStock.map((p) => [p.name, p.amount])).toEqual([
      ['Zero', 0],
      ['Alpha', 3],
    ]);
  });

  describe('bookingUtilization', () => {
    type Utilization = {
      bookedHours: number;
      availableHours: number;
      utilization: number;
      cancelledBookings: number;
      bySessionType: { sessionType: string; stations: number; bookedHours: number; availableHours: number }[];
      heatMap: Cell[];
    };
    const cell = (map: Cell[], weekday: number, hour: number) =>
      map.find((c) => c.weekday === weekday && c.hour === hour);

    it('divides booked station-hours by stations × opening hours, per session type and as a heat map', async () => {
      const res = await asAdmin<{ bookingUtilization: Utilization }>(UTILIZATION, {
        from: '2026-02-02',
        to: '2026-02-03',
      });
      expect(res.errors).toBeUndefined();
      const report = res.data!.bookingUtilization;
      // 2 days × 14 opening hours = 28 hours per station; 24 stations (4 VR, 4 Console, 4 PS, 8 PC, 4 Other).
      expect(report).toMatchObject({ bookedHours: 5, availableHours: 672, utilization: 0.0074, cancelledBookings: 1 });
      expect(report.bySessionType).toContainEqual({
        sessionType: 'VR',
        stations: 4,
        bookedHours: 3,
        availableHours: 112,
        utilization: 0.0268,
        bookings: 2,
        cancelledBookings: 1,
      });
      expect(report.bySessionType).toContainEqual(
        expect.objectContaining({ sessionType: 'PC', stations: 8, bookedHours: 2, availableHours: 224 }),
      );
      expect(report.heatMap).toHaveLength(7 * 24);
      // Monday 18:00-19:00: VR 1 a full hour + VR 2 half an hour, of 24 station-hours.
      expect(cell(report.heatMap, 1, 18)).toEqual({
        weekday: 1,
        hour: 18,
        bookedHours: 1.5,
        availableHours: 24,
        occupancy: 0.0625,
      });
      expect(cell(report.heatMap, 1, 19)).toMatchObject({ bookedHours: 1.5 });
      expect(cell(report.heatMap, 2, 23)).toMatchObject({ bookedHours: 1, availableHours: 24, occupancy: 0.0417 });
      expect(cell(report.heatMap, 2, 12)).toMatchObject({ bookedHours: 0, availableHours: 24 });
      expect(cell(report.heatMap, 1, 9)).toMatchObject({ bookedHours: 0, availableHours: 0, occupancy: 0 });
      expect(cell(report.heatMap, 3, 12)).toMatchObject({ bookedHours: 0, availableHours: 0 });
    });

    it("reads a report's statements from one snapshot, read-only", async () => {
      app.queries.reset();
      const res = await asAdmin<{ bookingUtilization: Utilization }>(UTILIZATION, {
        from: '2026-02-02',
        to: '2026-02-03',
      });
      expect(res.errors).toBeUndefined();
      const sent = app.queries.statements;
      expect(sent).toContain('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      expect(sent).toContain('SET TRANSACTION READ ONLY');
    });

    it('narrows to one session type', async () => {
      const res = await asAdmin<{ bookingUtilization: Utilization }>(UTILIZATION, {
        from: '2026-02-02',
        to: '2026-02-04',
        sessionType: 'VR',
      });
      const report = res.data!.bookingUtilization;
      // VR: 3 hours on Monday + 1 on Wednesday, of 4 stations × 3 days × 14 hours = 168.
      expect(report.bySessionType).toEqual([
        expect.objectContaining({ sessionType: 'VR', bookedHours: 4, availableHours: 168, utilization: 0.0238 }),
      ]);
      expect(cell(report.heatMap, 1, 18)).toMatchObject({ bookedHours: 1.5, availableHours: 4, occupancy: 0.375 });
    });
  });

  it('counts a station switched off since for the range it served: occupancy never passes 1', async () => {
    // Monday 9 March 2026 (EDT, UTC-4), 18:00-19:00 on VR 1, 2 and 3, which are switched off at midnight.
    for (const station of ['VR 1', 'VR 2', 'VR 3']) {
      const player = await createUser(app.db, app.deps.jwtSecret); // one booking at a time per customer
      await insertBooking(app, player, station, '2026-03-09T22:00:00Z', '2026-03-09T23:00:00Z');
    }
    app.clock.set('2026-03-10T04:00:00Z');
    await setActive(app, admin.token, ['VR 1', 'VR 2', 'VR 3'], false);
    try {
      const res = await asAdmin<{ bookingUtilization: { bySessionType: unknown[]; heatMap: Cell[] } }>(UTILIZATION, {
        from: '2026-03-09',
        to: '2026-03-09',
        sessionType: 'VR',
      });
      expect(res.data!.bookingUtilization.bySessionType).toEqual([
        expect.objectContaining({ sessionType: 'VR', stations: 4, bookedHours: 3, availableHours: 56 }),
      ]);
      const monday6pm = res.data!.bookingUtilization.heatMap.find((c) => c.weekday === 1 && c.hour === 18);
      expect(monday6pm).toEqual({ weekday: 1, hour: 18, bookedHours: 3, availableHours: 4, occupancy: 0.75 });
      // A range none of them served counts only the station still active.
      const later = await asAdmin<{ bookingUtilization: { bySessionType: unknown[] } }>(UTILIZATION, {
        from: '2026-03-10',
        to: '2026-03-10',
        sessionType: 'VR',
      });
      expect(later.data!.bookingUtilization.bySessionType).toEqual([
        expect.objectContaining({ sessionType: 'VR', stations: 1, availableHours: 14 }),
      ]);
    } finally {
      // At the instant they were switched off: their service carries on as if never interrupted.
      await setActive(app, admin.token, ['VR 1', 'VR 2', 'VR 3'], true);
      app.clock.reset();
    }
  });

  describe('date ranges', () => {
    it.each([
      [{ from: '2026-02-30', to: '2026-03-01' }, REPORT_MESSAGES.noSuchDate('from'), 'from'],
      [{ from: '2026-03-01', to: '03/02/2026' }, REPORT_MESSAGES.badDate('to'), 'to'],
      [{ from: '0000-01-01', to: '0000-12-31' }, REPORT_MESSAGES.tooEarly('from'), 'from'],
      [{ from: '1900-01-01', to: '1899-12-31' }, REPORT_MESSAGES.tooEarly('to'), 'to'],
      [{ from: '2026-03-02', to: '2026-03-01' }, REPORT_MESSAGES.order, 'to'],
      [{ from: '2026-01-01', to: '2027-01-02' }, REPORT_MESSAGES.tooLong, 'to'],
    ])('refuses %j with a clear message', async (range, message, field) => {
      for (const query of [SALES, TOP, UTILIZATION, BY_STATUS]) {
        const res = await asAdmin(query, range);
        expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
      }
    });

    it('accepts 366 days (a leap year)', async () => {
      const res = await asAdmin<{ bookingUtilization: { availableHours: number } }>(UTILIZATION, {
        from: '2028-01-01',
        to: '2028-12-31',
      });
      expect(res.errors).toBeUndefined();
      expect(res.data!.bookingUtilization.availableHours).toBe(24 * 366 * 14);
    });
  });

  it('refuses guests and customers', async () => {
    const range = { from: '2026-02-02', to: '2026-02-10' };
    for (const [query, variables] of [
      [SALES, range],
      [TOP, range],
      [UTILIZATION, range],
      [BY_STATUS, range],
      [LOW_STOCK, {}],
    ] as const) {
      const guest = await app.gql(query, variables);
      expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      expect(guest.data ?? null).toBeNull();
      const player = await app.gql(query, variables, { token: customer.token });
      expect(player.errors?.[0]).toMatchObject({ message: 'Admins only.', extensions: { code: 'FORBIDDEN' } });
    }
  });
});

describe("bookingUtilization over the stations' service periods (HTTP, real database, app clock)", () => {
  // Weeks of April 2026 (EDT, UTC-4), Monday to Sunday; each test changes the stations of its own session type.
  let app: TestApp;
  let admin: Person;
  type Report = {
    availableHours: number;
    bookedHours: number;
    bySessionType: { sessionType: string; stations: number; bookedHours: number; availableHours: number }[];
    heatMap: Cell[];
  };
  const report = async (from: string, to: string, sessionType: string) => {
    const res = await app.gql<{ bookingUtilization: Report }>(
      UTILIZATION,
      { from, to, sessionType },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    return res.data!.bookingUtilization;
  };
  const cellOf = (map: Cell[], weekday: number, hour: number) =>
    map.find((c) => c.weekday === weekday && c.hour === hour);

  beforeAll(async () => {
    app = await createTestApp();
    await backdateStationService(app.db, '2026-01-01T05:00:00Z');
    admin = await createAdmin(app.db, app.deps.jwtSecret);
  });
  afterAll(() => app.close());

  it('counts a station added mid-range from then on, its first hour by the minutes it served', async () => {
    app.clock.set('2026-04-03T18:20:00Z'); // Friday 3 April, 14:20
    const added = await app.gql(ADD_STATION, { sessionType: 'Other', name: 'Arcade 1' }, { token: admin.token });
    expect(added.errors).toBeUndefined();

    // Other 1-4: 7 days × 14 hours = 392. Arcade 1: Friday 14:20-24:00 (9 h 40 min) + Saturday and Sunday = 37.67.
    const week = await report('2026-03-30', '2026-04-05', 'Other');
    expect(week.bySessionType).toEqual([
      expect.objectContaining({ sessionType: 'Other', stations: 5, availableHours: 429.67 }),
    ]);
    expect(week.availableHours).toBe(429.67);
    expect(cellOf(week.heatMap, 1, 15)).toMatchObject({ availableHours: 4 });
    expect(cellOf(week.heatMap, 5, 13)).toMatchObject({ availableHours: 4 });
    expect(cellOf(week.heatMap, 5, 14)).toMatchObject({ availableHours: 4.67 });
    expect(cellOf(week.heatMap, 5, 15)).toMatchObject({ availableHours: 5 });
    expect(cellOf(week.heatMap, 6, 10)).toMatchObject({ availableHours: 5 });
    expect(cellOf(week.heatMap, 6, 9)).toMatchObject({ availableHours: 0 });

    // The week before it came.
    const before = await report('2026-03-23', '2026-03-29', 'Other');
    expect(before.bySessionType).toEqual([
      expect.objectContaining({ sessionType: 'Other', stations: 4, availableHours: 392 }),
    ]);
  });

  it('counts a station switched off mid-range until then, and again from when it is switched back on', async () => {
    app.clock.set('2026-04-07T20:00:00Z'); // Tuesday 7 April, 16:00
    await setActive(app, admin.token, ['Console 1'], false);
    app.clock.set('2026-04-09T16:30:00Z'); // Thursday 9 April, 12:30
    await setActive(app, admin.token, ['Console 1'], true);

    // Console 2-4: 3 × 98 = 294. Console 1: Monday 14 + Tuesday 6 + Thursday 11.5 + Friday to Sunday 42 = 73.5.
    const week = await report('2026-04-06', '2026-04-12', 'Console');
    expect(week.bySessionType).toEqual([
      expect.objectContaining({ sessionType: 'Console', stations: 4, availableHours: 367.5 }),
    ]);
    expect(cellOf(week.heatMap, 2, 15)).toMatchObject({ availableHours: 4 });
    expect(cellOf(week.heatMap, 2, 16)).toMatchObject({ availableHours: 3 });
    expect(cellOf(week.heatMap, 3, 12)).toMatchObject({ availableHours: 3 });
    expect(cellOf(week.heatMap, 4, 12)).toMatchObject({ availableHours: 3.5 });
    expect(cellOf(week.heatMap, 4, 13)).toMatchObject({ availableHours: 4 });

    // The Wednesday it was off.
    const wednesday = await report('2026-04-08', '2026-04-08', 'Console');
    expect(wednesday.bySessionType).toEqual([
      expect.objectContaining({ sessionType: 'Console', stations: 3, availableHours: 42 }),
    ]);
  });

  it('counts a station switched off for the bookings it kept, and only for them: occupancy never passes 1', async () => {
    // Booked for Wednesday 15 April 18:00-19:30; PlayStation 1 is switched off the day before, and on again after.
    const player = await createUser(app.db, app.deps.jwtSecret);
    await insertBooking(app, player, 'PlayStation 1', '2026-04-15T22:00:00Z', '2026-04-15T23:30:00Z');
    app.clock.set('2026-04-14T14:00:00Z');
    await setActive(app, admin.token, ['PlayStation 1'], false);
    const wednesday = await report('2026-04-15', '2026-04-15', 'PlayStation');
    app.clock.set('2026-04-16T04:00:00Z');
    await setActive(app, admin.token, ['PlayStation 1'], true);

    // PlayStation 2-4: 3 × 14 = 42, and PlayStation 1 the 1.5 hours it served.
    expect(wednesday.bySessionType).toEqual([
      expect.objectContaining({ sessionType: 'PlayStation', stations: 4, bookedHours: 1.5, availableHours: 43.5 }),
    ]);
    expect(cellOf(wednesday.heatMap, 3, 18)).toEqual({
      weekday: 3,
      hour: 18,
      bookedHours: 1,
      availableHours: 4,
      occupancy: 0.25,
    });
    expect(cellOf(wednesday.heatMap, 3, 19)).toMatchObject({
      bookedHours: 0.5,
      availableHours: 3.5,
      occupancy: 0.1429,
    });
    expect(cellOf(wednesday.heatMap, 3, 20)).toMatchObject({ bookedHours: 0, availableHours: 3 });
  });
});

describe('reports statement timeout', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ REPORT_STATEMENT_TIMEOUT_MS: '300' });
  });
  afterAll(() => app.close());

  it('cancels a report that runs longer than REPORT_STATEMENT_TIMEOUT_MS and says so', async () => {
    const admin = await createAdmin(app.db, app.deps.jwtSecret);
    // Another session holds the orders table: the report waits on it until PostgreSQL cancels it.
    const blocker = app.db.createQueryRunner();
    await blocker.startTransaction();
    try {
      await blocker.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const res = await app.gql(BY_STATUS, { from: '2026-02-02', to: '2026-02-10' }, { token: admin.token });
      expect(res.errors?.[0]).toMatchObject({
        message: REPORT_MESSAGES.timeout,
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await blocker.rollbackTransaction();
      await blocker.release();
    }
    const after = await app.gql(BY_STATUS, { from: '2026-02-02', to: '2026-02-10' }, { token: admin.token });
    expect(after.errors).toBeUndefined();
  });
});
