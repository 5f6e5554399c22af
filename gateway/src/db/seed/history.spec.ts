import { DateTime } from 'luxon';
import { SESSION_TYPES } from '../../modules/booking/booking.types';
import { buildHistory, type SeedProduct, type SeedStation, type SeedUser } from './history';

const ZONE = 'America/New_York';

const people: SeedUser[] = ['player', ...Array.from({ length: 12 }, (_, i) => `customer${i}`)].map((username) => ({
  id: `user-${username}`,
  username,
  email: `${username}@example.com`,
  fullName: username,
  phone: '212-555-0100',
  address: '1 Demo Plaza',
  city: 'New York',
  zip: '10001',
}));
const products: SeedProduct[] = Array.from({ length: 8 }, (_, i) => ({
  id: `product-${i}`,
  name: `Product ${i}`,
  priceCents: 1000 + i * 500,
  discount: i % 3 === 0 ? 10 : 0,
  weight: i < 2 ? 4 : 1,
}));
const stations: SeedStation[] = SESSION_TYPES.flatMap((type) =>
  [1, 2, 3].map((n) => ({ id: `${type}-${n}`, session_type: type })),
);

/** The same venue seeded at `time` (venue-local) on 20 March 2026, without the random ids. */
function seedAt(time: string) {
  const now = DateTime.fromISO(`2026-03-20T${time}`, { zone: ZONE }).toJSDate();
  const { orders, items, bookings } = buildHistory({ people, products, stations, now, zone: ZONE });
  const linesOf = new Map<unknown, unknown[]>();
  for (const { orderId, productId, quantity, unitPriceCents } of items) {
    linesOf.set(orderId, [...(linesOf.get(orderId) ?? []), { productId, quantity, unitPriceCents }]);
  }
  return {
    now,
    // What was ordered, when and by whom; not its state, which moves on with the hour (delivered after 48 h).
    orders: orders.map(({ id, createdAt, userId, totalCents, orderDetail }) => ({
      createdAt,
      userId,
      totalCents,
      notes: orderDetail?.notes,
      lines: linesOf.get(id),
    })),
    bookings: bookings.map(({ startsAt, endsAt, stationId, userId, sessionType }) => ({
      startsAt,
      endsAt,
      stationId,
      userId,
      sessionType,
    })),
  };
}

describe('demo history', () => {
  it('is the same for the same day, whatever the hour it is seeded', () => {
    const morning = seedAt('10:05');
    const evening = seedAt('21:40');
    const before = <T extends { createdAt?: Date; startsAt?: Date }>(rows: T[]) =>
      rows.filter((row) => (row.createdAt ?? row.startsAt)!.getTime() < morning.now.getTime());

    expect(evening.orders.length).toBeGreaterThan(morning.orders.length);
    expect(before(morning.orders).length).toBeGreaterThan(100);
    expect(before(evening.orders)).toEqual(before(morning.orders));
    expect(before(morning.bookings).length).toBeGreaterThan(500);
    expect(before(evening.bookings)).toEqual(before(morning.bookings));
    // The upcoming sessions (tomorrow on) are drawn whatever the hour, too.
    const upcoming = <T extends { startsAt?: Date }>(rows: T[]) =>
      rows.filter((row) => row.startsAt!.getTime() > evening.now.getTime() + 6 * 3_600_000);
    expect(upcoming(evening.bookings).length).toBeGreaterThan(5);
    expect(upcoming(evening.bookings)).toEqual(upcoming(morning.bookings));
  });
});
