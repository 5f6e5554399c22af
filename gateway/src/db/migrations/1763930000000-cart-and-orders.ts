import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CartAndOrders1763930000000 implements MigrationInterface {
  name = 'CartAndOrders1763930000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE cart_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        quantity integer NOT NULL CONSTRAINT cart_items_quantity_1_to_3 CHECK (quantity BETWEEN 1 AND 3),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT cart_items_one_line_per_product UNIQUE (user_id, product_id)
      )`);

    await db.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        status varchar(20) NOT NULL CHECK (status IN ('paid', 'unpaid', 'cancelled')),
        is_delivered boolean NOT NULL DEFAULT false,
        delivered_at timestamptz,
        cancelled_at timestamptz,
        payment_method varchar(20) NOT NULL CHECK (payment_method IN ('Cash', 'stripe')),
        payment_intent_id varchar(255) CONSTRAINT orders_payment_intent_unique UNIQUE,
        refund_id varchar(255),
        subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
        tax_cents integer NOT NULL CHECK (tax_cents >= 0),
        shipping_cents integer NOT NULL CHECK (shipping_cents >= 0),
        total_cents integer NOT NULL CHECK (total_cents = subtotal_cents + tax_cents + shipping_cents),
        full_name varchar(120) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(40) NOT NULL,
        address varchar(200) NOT NULL,
        city varchar(100) NOT NULL,
        zip varchar(20) NOT NULL,
        notes text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT orders_card_has_intent CHECK (payment_method <> 'stripe' OR payment_intent_id IS NOT NULL),
        CONSTRAINT orders_delivered_not_cancelled CHECK (NOT (is_delivered AND status = 'cancelled'))
      )`);
    await db.query('CREATE INDEX orders_user_created ON orders (user_id, created_at DESC)');
    await db.query('CREATE INDEX orders_created ON orders (created_at DESC, id)');

    await db.query(`
      CREATE TABLE order_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        product_id uuid REFERENCES products (id) ON DELETE SET NULL,
        position integer NOT NULL,
        name varchar(120) NOT NULL,
        unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 3)
      )`);
    await db.query('CREATE INDEX order_items_order ON order_items (order_id, position)');

    // Card payments that succeeded but could not become an order (sold out meanwhile, cart
    // changed): refunded once, and never turned into an order later by a late webhook.
    await db.query(`
      CREATE TABLE refunded_payments (
        payment_intent_id varchar(255) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        refund_id varchar(255),
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE refunded_payments');
    await db.query('DROP TABLE order_items');
    await db.query('DROP TABLE orders');
    await db.query('DROP TABLE cart_items');
  }
}
