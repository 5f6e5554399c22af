import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The keys a form sends with what it makes, kept while it retries (`CreationKey` in common/validation): a create
 * whose answer was lost, sent again with the same key, finds the row the first one made instead of making a second.
 * Products and menu items are keyed across the venue, bookings and orders per customer (whose rows the key is looked
 * up among); NULL, which the unique constraints let be many, for rows made without a key. A product edit's key stays
 * on the images it added (`updateKey`), so the edit sent again adds them no second time.
 */
export class CreationKeys1764800000000 implements MigrationInterface {
  name = 'CreationKeys1764800000000';

  async up(db: QueryRunner): Promise<void> {
    for (const table of ['products', 'bar_items']) {
      await db.query(
        `ALTER TABLE ${table} ADD COLUMN creation_key varchar(64) CONSTRAINT ${table}_creation_key_key UNIQUE`,
      );
    }
    for (const table of ['bookings', 'orders']) {
      await db.query(`
        ALTER TABLE ${table} ADD COLUMN creation_key varchar(64),
          ADD CONSTRAINT ${table}_user_creation_key_key UNIQUE (user_id, creation_key)`);
    }
    await db.query('ALTER TABLE product_images ADD COLUMN update_key varchar(64)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE product_images DROP COLUMN update_key');
    for (const table of ['orders', 'bookings', 'bar_items', 'products']) {
      await db.query(`ALTER TABLE ${table} DROP COLUMN creation_key`);
    }
  }
}
