import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Spec §3: the product form also offers the platform "All", a product made for every platform. */
export class PlatformAll1763950000000 implements MigrationInterface {
  name = 'PlatformAll1763950000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE products
        DROP CONSTRAINT products_platform_check,
        ADD CONSTRAINT products_platform_check CHECK (platform IN ('PS5', 'PS4', 'PC', 'XBox', 'Other', 'All'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE products SET platform = 'Other' WHERE platform = 'All'`);
    await db.query(`
      ALTER TABLE products
        DROP CONSTRAINT products_platform_check,
        ADD CONSTRAINT products_platform_check CHECK (platform IN ('PS5', 'PS4', 'PC', 'XBox', 'Other'))`);
  }
}
