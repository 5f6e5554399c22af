import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the lists as they grow with the venue's history:
 * - a customer's bookings (My Bookings, REST /api/bookings, the admin search by person) by user, newest first; the
 *   only index on user_id was the exclusion constraint's, which holds live bookings alone;
 * - live bookings by start, for the status filters (upcoming, in progress, completed are live bookings by time);
 * - orders in the lists' exact order (created_at DESC, id DESC; the old indexes had id ascending, or no id), so a
 *   page of them can be read in index order.
 */
export class ListIndexes1764200000000 implements MigrationInterface {
  name = 'ListIndexes1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX bookings_user_starts ON bookings (user_id, starts_at DESC, id)');
    await db.query('CREATE INDEX bookings_live_starts ON bookings (starts_at, id) WHERE cancelled_at IS NULL');
    await db.query('DROP INDEX orders_created');
    await db.query('CREATE INDEX orders_created ON orders (created_at DESC, id DESC)');
    await db.query('DROP INDEX orders_user_created');
    await db.query('CREATE INDEX orders_user_created ON orders (user_id, created_at DESC, id DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX orders_user_created');
    await db.query('CREATE INDEX orders_user_created ON orders (user_id, created_at DESC)');
    await db.query('DROP INDEX orders_created');
    await db.query('CREATE INDEX orders_created ON orders (created_at DESC, id)');
    await db.query('DROP INDEX bookings_live_starts');
    await db.query('DROP INDEX bookings_user_starts');
  }
}
