import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The checkout's creation key (`creationKey` of `placeOrder`), as bookings have theirs: a cash order whose answer was
 * lost, sent again with the same key, answers with the order the first one placed. Unique per customer.
 */
export class OrderCreationKeys1764820000000 implements MigrationInterface {
  name = 'OrderCreationKeys1764820000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE orders ADD COLUMN creation_key varchar(64),
        ADD CONSTRAINT orders_user_creation_key_key UNIQUE (user_id, creation_key)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE orders DROP COLUMN creation_key');
  }
}
