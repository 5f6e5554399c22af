import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A refund Stripe accepted can still fail days later (the card was closed meanwhile); Stripe then keeps the money and
 * says so in a `refund.failed` event. The order (or the paid cart that never became one) remembers that failure, so
 * staff see that the customer is still owed the money.
 */
export class RefundFailures1763980000000 implements MigrationInterface {
  name = 'RefundFailures1763980000000';

  async up(db: QueryRunner): Promise<void> {
    for (const table of ['orders', 'refunded_payments']) {
      await db.query(`ALTER TABLE ${table} ADD COLUMN refund_failure text, ADD COLUMN refund_failed_at timestamptz`);
    }
    await db.query('CREATE INDEX orders_refund_id ON orders (refund_id) WHERE refund_id IS NOT NULL');
    await db.query(
      'CREATE INDEX refunded_payments_refund_id ON refunded_payments (refund_id) WHERE refund_id IS NOT NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX refunded_payments_refund_id');
    await db.query('DROP INDEX orders_refund_id');
    for (const table of ['orders', 'refunded_payments']) {
      await db.query(`ALTER TABLE ${table} DROP COLUMN refund_failure, DROP COLUMN refund_failed_at`);
    }
  }
}
