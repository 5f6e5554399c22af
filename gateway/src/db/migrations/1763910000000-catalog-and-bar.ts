import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CatalogAndBar1763910000000 implements MigrationInterface {
  name = 'CatalogAndBar1763910000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        description text NOT NULL,
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        discount integer NOT NULL DEFAULT 0 CHECK (discount BETWEEN 0 AND 100),
        amount integer NOT NULL DEFAULT 0 CHECK (amount >= 0),
        category varchar(20) NOT NULL CHECK (category IN ('Game', 'Accessory', 'Console', 'Merch', 'Other')),
        platform varchar(20) NOT NULL CHECK (platform IN ('PS5', 'PS4', 'PC', 'XBox', 'Other')),
        brand varchar(80),
        is_featured boolean NOT NULL DEFAULT false,
        rating real NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5 AND rating * 2 = floor(rating * 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Typo-tolerant search (pg_trgm, enabled by the foundation migration) and the shop's filters and sorts.
    await db.query('CREATE INDEX products_name_trgm ON products USING gin (name gin_trgm_ops)');
    await db.query('CREATE INDEX products_brand_trgm ON products USING gin (brand gin_trgm_ops)');
    await db.query('CREATE INDEX products_description_trgm ON products USING gin (description gin_trgm_ops)');
    await db.query('CREATE INDEX products_category_platform ON products (category, platform)');
    await db.query('CREATE INDEX products_created_at ON products (created_at DESC, id)');
    await db.query('CREATE INDEX products_featured ON products (created_at DESC) WHERE is_featured');

    await db.query(`
      CREATE TABLE product_images (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        position integer NOT NULL,
        small_key text NOT NULL,
        large_key text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX product_images_product ON product_images (product_id, position)');

    await db.query(`
      CREATE TABLE bar_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        category varchar(20) NOT NULL CHECK (category IN ('Beverage', 'Snack', 'Cocktail', 'Meal', 'Other')),
        description text NOT NULL DEFAULT '',
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        image_small_key text,
        image_large_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE bar_items');
    await db.query('DROP TABLE product_images');
    await db.query('DROP TABLE products');
  }
}
