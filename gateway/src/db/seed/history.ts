import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Seeder } from './index';
import { DEMO_ACCOUNTS } from './accounts';
import { discountedCents } from '../../common/money';
import { hashPassword } from '../../modules/auth/passwords';
import { User } from '../../modules/auth/user.entity';
import { Booking } from '../../modules/booking/booking.entity';
import { slotInstants } from '../../modules/booking/booking-time';
import { SessionType } from '../../modules/booking/booking.types';
import { backdateStationService } from '../../modules/booking/station-service';
import { totalsOf } from '../../modules/cart/cart-totals';
import { OrderDetail, Order, OrderItem, OrderStatus, PaymentMethod } from '../../modules/orders/order.entity';
import { OPENING_HOURS } from '../../modules/venue/opening-hours';

/** How far back the demo history reaches, in venue-local days before today. */
export const HISTORY_DAYS = 56;
/** Every demo customer shares it; one argon2 hash for all of them keeps the seed fast. */
export const DEMO_CUSTOMER_PASSWORD = 'customer123';

export type Customer = {
  username: string;
  fullName: string;
  phone: string;
  address: string;
  city: string;
  zip: string;
};

/** Clearly fake people: example.com addresses and 555-01xx phone numbers. */
const CUSTOMERS: Customer[] = [
  ['maya_chen', 'Maya Chen', '18 Orchard St', 'New York', '10002'],
  ['leo_martins', 'Leo Martins', '240 Bedford Ave', 'Brooklyn', '11249'],
  ['ava_okafor', 'Ava Okafor', '77 Grand St', 'Jersey City', '07302'],
  ['sam_ruiz', 'Sam Ruiz', '5 Hudson Pl', 'Hoboken', '07030'],
  ['nora_lind', 'Nora Lind', '310 W 85th St', 'New York', '10024'],
  ['kenji_sato', 'Kenji Sato', '41 Vernon Blvd', 'Long Island City', '11101'],
  ['zoe_fischer', 'Zoe Fischer', '9 Prospect Park W', 'Brooklyn', '11215'],
  ['omar_haddad', 'Omar Haddad', '122 Steinway St', 'Astoria', '11103'],
  ['lucy_park', 'Lucy Park', '63 Court St', 'Brooklyn', '11201'],
  ['ben_walsh', 'Ben Walsh', '15 Bleecker St', 'New York', '10012'],
].map(([username, fullName, address, city, zip], index) => ({
  username,
  fullName,
  phone: `212-555-01${String(10 + index).padStart(2, '0')}`,
  address,
  city,
  zip,
}));

/**
 * Thirty more regulars (first x last names, the addresses above again, 555-02xx numbers): enough people for
 * busy evenings, so the stations' occupancy in the reports looks like a living venue's.
 */
const REGULARS: Customer[] = ['Ivy', 'Max', 'Ruby', 'Theo', 'Iris', 'Finn'].flatMap((first, i) =>
  ['Alvarez', 'Brooks', 'Novak', 'Tanaka', 'Mensah'].map((last, j) => {
    const index = i * 5 + j;
    const home = CUSTOMERS[index % CUSTOMERS.length];
    return {
      username: `${first}_${last}`.toLowerCase(),
      fullName: `${first} ${last}`,
      phone: `212-555-02${String(index).padStart(2, '0')}`,
      address: home.address,
      city: home.city,
      zip: home.zip,
    };
  }),
);

const PLAYER = DEMO_ACCOUNTS.find((account) => !account.isAdmin)!;
const PLAYER_DETAILS: Customer = {
  username: PLAYER.username,
  fullName: 'Pat Player',
  phone: '212-555-0100',
  address: '1 Demo Plaza',
  city: 'New York',
  zip: '10001',
};

/**
 * The demo player's only upcoming sessions: days from today, venue-local times. They stay off
 * 14:00-15:00 and leave room on the first page of five, where the browser tests book and
 * find one of their own some days ahead.
 */
const PLAYER_UPCOMING: [days: number, start: string, end: string, type: SessionType][] = [
  [1, '18:00', '20:00', SessionType.VR],
  [2, '19:00', '21:30', SessionType.PC],
  [4, '16:00', '17:30', SessionType.Console],
];

const SESSION_WEIGHTS: [SessionType, number][] = [
  [SessionType.PC, 30],
  [SessionType.VR, 25],
  [SessionType.PlayStation, 20],
  [SessionType.Console, 15],
  [SessionType.Other, 10],
];
const SESSION_MINUTES = [60, 90, 120, 120, 150, 180, 240];

/** mulberry32: the same history for the same clock, run after run. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chance = (p: number) => next() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][0];
  };
  return { next, int, chance, pick, weighted };
}
type Random = ReturnType<typeof prng>;

const HOUR = 3_600_000;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const OPENS = minutesOf(OPENING_HOURS.opensAt);
const CLOSES = minutesOf(OPENING_HOURS.closesAt);

type Span = { start: number; end: number };
const overlaps = (spans: Span[] | undefined, span: Span) =>
  (spans ?? []).some((other) => other.start < span.end && span.start < other.end);

export type SeedUser = Customer & { id: string; email: string };
export type SeedProduct = { id: string; name: string; priceCents: number; discount: number; weight: number };
export type SeedStation = { id: string; session_type: SessionType };

/**
 * Eight weeks of orders and bookings before the clock's now, plus a few upcoming sessions,
 * so reports, the admin lists and the demo player's pages have something to show. Built
 * deterministically in memory, then written with a handful of multi-row INSERTs in one
 * transaction (no statement per row: the fresh start stays quick).
 */
export const historySeeder: Seeder = {
  name: 'history',
  async run(deps) {
    const [{ count }] = await deps.db.query(
      'SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM bookings) AS count',
    );
    if (Number(count) > 0) return;
    const now = deps.clock.now();
    const zone = deps.config.venue.timeZone;
    const today = DateTime.fromJSDate(now, { zone }).startOf('day');

    // argon2 works on libuv's pool: hash while the queries below run.
    const hashing = hashPassword(DEMO_CUSTOMER_PASSWORD);
    const customers: SeedUser[] = [...CUSTOMERS, ...REGULARS].map((customer) => ({
      ...customer,
      id: randomUUID(),
      email: `${customer.username.replace('_', '.')}@example.com`,
    }));
    const [player] = (await deps.db.query('SELECT id, email FROM users WHERE lower(email) = $1', [PLAYER.email])) as {
      id: string;
      email: string;
    }[];
    const people: SeedUser[] = player ? [{ ...PLAYER_DETAILS, ...player }, ...customers] : customers;

    const productRows: { id: string; name: string; price_cents: number; discount: number; is_featured: boolean }[] =
      await deps.db.query('SELECT id, name, price_cents, discount, is_featured FROM products ORDER BY name, id');
    const products: SeedProduct[] = productRows.map((row) => ({
      id: row.id,
      name: row.name,
      priceCents: row.price_cents,
      discount: row.discount,
      weight: row.is_featured ? 4 : 1,
    }));
    const stations: SeedStation[] = await deps.db.query(
      'SELECT id, session_type FROM stations WHERE active ORDER BY session_type, name',
    );

    const { orders, items, bookings } = buildHistory({ people, products, stations, now, zone });

    const passwordHash = await hashing;
    await deps.db.transaction(async (em) => {
      await em.getRepository(User).insert(
        customers.map((customer, index) => {
          const joined = today
            .minus({ days: HISTORY_DAYS + 60 - index })
            .plus({ hours: 12 })
            .toJSDate();
          return {
            id: customer.id,
            username: customer.username,
            email: customer.email,
            phone: customer.phone,
            passwordHash,
            isAdmin: false,
            emailConfirmedAt: joined,
            createdAt: joined,
            updatedAt: joined,
          };
        }),
      );
      if (orders.length) {
        await em.getRepository(Order).insert(orders);
        await em.getRepository(OrderItem).insert(items);
      }
      if (bookings.length) await em.getRepository(Booking).insert(bookings);
      // The stations came with the database, just now; the demo venue has had them since its history begins, and the
      // utilization report counts a station only for the time it was in service.
      await backdateStationService(em, today.minus({ days: HISTORY_DAYS }).toJSDate());
    });
    deps.logger.info(
      `Demo history: ${orders.length} orders and ${bookings.length} bookings of ${customers.length} more customers ` +
        `(…@example.com / ${DEMO_CUSTOMER_PASSWORD}) and the demo customer`,
    );
  },
};

/**
 * The demo history before `now`, in memory. The random sequence depends on the venue-local day only: everything a
 * day could hold is drawn, whatever the hour, and what lies after `now` is dropped afterwards. So two seeds of the
 * same day agree on all that both have (the same orders, lines, people and sessions). What moves on with the hour is
 * only what the clock decides: orders delivered once 48 h old (and so paid, if cash), sessions cancelled only once
 * past, and which of today's orders and sessions exist yet.
 */
export function buildHistory({
  people,
  products,
  stations,
  now,
  zone,
}: {
  people: SeedUser[];
  products: SeedProduct[];
  stations: SeedStation[];
  now: Date;
  zone: string;
}) {
  const rng = prng(0xc4ec9017);
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const { orders, items } = products.length
    ? buildOrders(rng, people, products, today, now)
    : { orders: [], items: [] };
  const bookings = buildBookings(rng, people, stations, today, now, zone);
  return { orders, items, bookings };
}

/**
 * About two orders a day, more from Friday to Sunday. Prices and totals come from the
 * order rules (discountedCents, totalsOf), as checkout computes them. Stock is left alone:
 * these sales happened before the shop's current stock was counted, and the reports read
 * only the order rows.
 */
function buildOrders(rng: Random, people: SeedUser[], products: SeedProduct[], today: DateTime, now: Date) {
  const orders: Partial<Order>[] = [];
  const items: Partial<OrderItem>[] = [];
  const popularity = products.map((product) => [product, product.weight] as const);
  let drawn = 0;
  for (let back = HISTORY_DAYS; back >= 0; back--) {
    const day = today.minus({ days: back });
    const count = day.weekday >= 5 ? rng.int(2, 4) : rng.int(1, 2);
    for (let n = 0; n < count; n++) {
      const placedAt = day.set({ hour: rng.int(8, 23), minute: rng.int(0, 59), second: rng.int(0, 59) }).toJSDate();
      // Every tenth order is the demo player's, so their order history is never empty.
      const person = drawn++ % 10 === 3 ? people[0] : rng.pick(people.slice(1));
      const lineCount = rng.weighted([
        [1, 45],
        [2, 30],
        [3, 17],
        [4, 8],
      ]);
      const chosen: SeedProduct[] = [];
      while (chosen.length < Math.min(lineCount, products.length)) {
        const product = rng.weighted(popularity);
        if (!chosen.includes(product)) chosen.push(product);
      }
      const lines = chosen.map((product) => ({
        ...product,
        quantity: rng.weighted([
          [1, 75],
          [2, 20],
          [3, 5],
        ]),
      }));
      const totals = totalsOf(lines);
      // Every roll is made, used or not, so what comes next does not depend on the hour (see buildHistory).
      const rolls = {
        cancelled: rng.chance(0.07),
        delivered: rng.chance(0.95),
        card: rng.chance(0.55),
        deliveryHours: rng.int(6, 44),
        cancelMinutes: rng.int(10, 300),
        notes: rng.chance(0.15) ? rng.pick(['Leave it with the doorman.', 'Ring twice, please.', 'Gift wrap.']) : '',
      };
      if (placedAt >= now) continue;

      const ageHours = (now.getTime() - placedAt.getTime()) / HOUR;
      const cancelled = rolls.cancelled;
      const delivered = !cancelled && ageHours > 48 && rolls.delivered;
      // Orders still open are cash: cancelling a card order refunds its payment intent,
      // and these demo intents do not exist at Stripe.
      const card = (cancelled || delivered) && rolls.card;
      const id = randomUUID();
      const deliveredAt = delivered ? new Date(placedAt.getTime() + rolls.deliveryHours * HOUR) : null;
      const cancelledAt = cancelled
        ? new Date(Math.min(placedAt.getTime() + rolls.cancelMinutes * 60_000, now.getTime()))
        : null;
      orders.push({
        id,
        userId: person.id,
        // A cash order is paid as it is delivered.
        status: cancelled ? OrderStatus.cancelled : card || delivered ? OrderStatus.paid : OrderStatus.unpaid,
        isDelivered: delivered,
        deliveredAt,
        cancelledAt,
        paymentMethod: card ? PaymentMethod.stripe : PaymentMethod.Cash,
        paymentIntentId: card ? `pi_demo_${id.replace(/-/g, '').slice(0, 24)}` : null,
        refundId: card && cancelled ? `re_demo_${id.replace(/-/g, '').slice(0, 24)}` : null,
        subtotalCents: totals.subtotalCents,
        taxCents: totals.taxCents,
        shippingCents: totals.shippingCents,
        totalCents: totals.totalCents,
        orderDetail: Object.assign(new OrderDetail(), {
          fullName: person.fullName,
          email: person.email,
          phone: person.phone,
          address: person.address,
          city: person.city,
          zip: person.zip,
          notes: rolls.notes,
        }),
        createdAt: placedAt,
        updatedAt: deliveredAt ?? cancelledAt ?? placedAt,
      });
      lines.forEach((line, position) =>
        items.push({
          orderId: id,
          productId: line.id,
          position,
          name: line.name,
          unitPriceCents: discountedCents(line.priceCents, line.discount),
          quantity: line.quantity,
        }),
      );
    }
  }
  return { orders, items };
}

/**
 * Sessions laid out the way the booking rules allow: inside opening hours (venue-local times
 * turned into instants by the same luxon helper as real bookings, so DST days are right),
 * never two active ones on a station or for a person at once (the exclusion constraints).
 * Evenings and weekends are busier, so the heat map has a shape.
 */
function buildBookings(
  rng: Random,
  people: SeedUser[],
  stations: SeedStation[],
  today: DateTime,
  now: Date,
  zone: string,
): Partial<Booking>[] {
  const bookings: Partial<Booking>[] = [];
  const stationSpans = new Map<string, Span[]>();
  const personSpans = new Map<string, Span[]>();
  const hold = (map: Map<string, Span[]>, key: string, span: Span) => map.set(key, [...(map.get(key) ?? []), span]);

  const place = (pool: SeedUser[], sessionType: SessionType, day: DateTime, start: number, end: number) => {
    const { startsAt, endsAt } = slotInstants(
      { date: day.toISODate(), startTime: hhmm(start), endTime: hhmm(end) },
      zone,
    );
    const span = { start: startsAt.getTime(), end: endsAt.getTime() };
    const station = stations.find((s) => s.session_type === sessionType && !overlaps(stationSpans.get(s.id), span));
    if (!station) return;
    const first = rng.int(0, pool.length - 1);
    const who = pool
      .map((_, i) => pool[(first + i) % pool.length])
      .find((candidate) => !overlaps(personSpans.get(candidate.id), span));
    if (!who) return;
    hold(stationSpans, station.id, span);
    hold(personSpans, who.id, span);
    const bookedBy = Math.min(span.start, now.getTime());
    const createdAt = new Date(bookedBy - rng.int(2, 120) * HOUR);
    // Only past sessions are cancelled: upcoming cancelled ones would crowd the admin's list.
    const cancelled = rng.chance(0.08) && span.start < now.getTime();
    const cancelAfter = rng.next(); // drawn either way, as in buildOrders
    const cancelledAt = cancelled
      ? new Date(createdAt.getTime() + cancelAfter * (bookedBy - createdAt.getTime()))
      : null;
    bookings.push({
      id: randomUUID(),
      userId: who.id,
      stationId: station.id,
      sessionType,
      startsAt,
      endsAt,
      cancelledAt,
      createdAt,
      updatedAt: cancelledAt ?? createdAt,
    });
  };

  const player = people.find((person) => person.username === PLAYER.username);
  const others = people.filter((person) => person !== player);
  if (player) {
    for (const [days, start, end, type] of PLAYER_UPCOMING) {
      place([player], type, today.plus({ days }), minutesOf(start), minutesOf(end));
    }
  }
  for (let offset = -HISTORY_DAYS; offset <= 6; offset++) {
    const day = today.plus({ days: offset });
    const weekend = day.weekday >= 5;
    const count = offset > 0 ? rng.int(1, 2) : weekend ? rng.int(20, 28) : rng.int(10, 16);
    for (let n = 0; n < count; n++) {
      const sessionType = rng.weighted(SESSION_WEIGHTS);
      const length = rng.pick(SESSION_MINUTES);
      const start = Math.min((weekend ? rng.int(11, 21) : rng.int(15, 21)) * 60 + rng.pick([0, 30]), CLOSES - length);
      // Today's may be over, in progress or still to come, as on any open day.
      const slot = Math.max(OPENS, start);
      place(offset < 0 ? people : others, sessionType, day, slot, slot + length);
    }
  }
  return bookings;
}
