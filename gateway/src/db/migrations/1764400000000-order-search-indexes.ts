import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admins' order search looks for its text anywhere in the order number, the name and the e-mail on the order
 * (and among the customers' names and e-mails, whose orders come through the index on user_id). Trigram indexes let
 * each of those `ILIKE '%…%'` matches be read from an index, so a search for someone no longer reads every order a
 * venue ever took.
 */
export class OrderSearchIndexes1764400000000 implements MigrationInterface {
  name = 'OrderSearchIndexes1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX orders_number_trgm ON orders USING gin ((id::text) gin_trgm_ops)');
    await db.query('CREATE INDEX orders_full_name_trgm ON orders USING gin (full_name gin_trgm_ops)');
    await db.query('CREATE INDEX orders_email_trgm ON orders USING gin (email gin_trgm_ops)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX orders_email_trgm');
    await db.query('DROP INDEX orders_full_name_trgm');
    await db.query('DROP INDEX orders_number_trgm');
  }
}
