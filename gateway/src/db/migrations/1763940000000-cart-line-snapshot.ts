import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * REST-COMPAT: a cart line outlives its product ("a product deleted since is shown from the
 * line's snapshot"). Each line keeps the product's name and sale price as they were when the
 * line was last written (and when the product was deleted), and `product_id` stops being a
 * foreign key: it stays the line's identity (one line per product, `DELETE /api/cart/{id}`)
 * after the product row is gone. Lines are only ever inserted for products that exist.
 */
export class CartLineSnapshot1763940000000 implements MigrationInterface {
  name = 'CartLineSnapshot1763940000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE cart_items
        DROP CONSTRAINT cart_items_product_id_fkey,
        ADD COLUMN product_name text,
        ADD COLUMN product_price_cents integer CONSTRAINT cart_items_product_price_not_negative CHECK (product_price_cents >= 0)`);
    await db.query(`
      UPDATE cart_items c
         SET product_name = p.name,
             product_price_cents = round(p.price_cents * (100 - least(100, greatest(0, p.discount))) / 100.0)
        FROM products p
       WHERE p.id = c.product_id`);
    await db.query(`
      ALTER TABLE cart_items
        ALTER COLUMN product_name SET NOT NULL,
        ALTER COLUMN product_price_cents SET NOT NULL`);
    await db.query('CREATE INDEX cart_items_product_id ON cart_items (product_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX cart_items_product_id');
    await db.query('DELETE FROM cart_items c WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = c.product_id)');
    await db.query(`
      ALTER TABLE cart_items
        DROP COLUMN product_name,
        DROP COLUMN product_price_cents,
        ADD CONSTRAINT cart_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE`);
  }
}
