import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The key a form sends with a new product or menu item (`creationKey`), kept while it retries. Unique: a create whose
 * answer was lost, sent again with the same key, finds the row the first one made instead of making a second. NULL
 * for rows made without one (clients that send none, the seed, rows made before this), which the index lets be many.
 */
export class CreationKeys1764800000000 implements MigrationInterface {
  name = 'CreationKeys1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE products ADD COLUMN creation_key varchar(64) CONSTRAINT products_creation_key_key UNIQUE',
    );
    await db.query(
      'ALTER TABLE bar_items ADD COLUMN creation_key varchar(64) CONSTRAINT bar_items_creation_key_key UNIQUE',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE bar_items DROP COLUMN creation_key');
    await db.query('ALTER TABLE products DROP COLUMN creation_key');
  }
}
