import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The booking form's creation key (`creationKey` of `createBooking`), as products and menu items have theirs: a
 * confirm whose answer was lost, sent again with the same key, answers with the booking the first one made. Unique
 * per customer, whose bookings the key is looked up among.
 */
export class BookingCreationKeys1764810000000 implements MigrationInterface {
  name = 'BookingCreationKeys1764810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE bookings ADD COLUMN creation_key varchar(64),
        ADD CONSTRAINT bookings_user_creation_key_key UNIQUE (user_id, creation_key)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE bookings DROP COLUMN creation_key');
  }
}
