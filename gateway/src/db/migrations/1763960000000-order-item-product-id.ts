import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * REST-COMPAT: an order item shows a product deleted since under that product's `_id`. The item keeps the product id
 * instead of losing it to ON DELETE SET NULL (as cart lines do since 1763940000000); items whose product was deleted
 * before this migration have no id left to keep.
 */
export class OrderItemProductId1763960000000 implements MigrationInterface {
  name = 'OrderItemProductId1763960000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE order_items DROP CONSTRAINT order_items_product_id_fkey');
    await db.query('CREATE INDEX order_items_product_id ON order_items (product_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX order_items_product_id');
    await db.query(
      'UPDATE order_items i SET product_id = NULL WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = i.product_id)',
    );
    await db.query(`
      ALTER TABLE order_items
        ADD CONSTRAINT order_items_product_id_fkey FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE SET NULL`);
  }
}
