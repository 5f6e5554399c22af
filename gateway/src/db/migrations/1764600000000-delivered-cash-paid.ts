import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cash on delivery is paid as the order is handed over: delivering a cash order now marks it paid. The cash orders
 * delivered before that rule are marked paid too, so "unpaid" lists only the money still due. There is no way back:
 * `down` cannot tell them from the ones the rule marked since, and leaves them paid.
 */
export class DeliveredCashPaid1764600000000 implements MigrationInterface {
  name = 'DeliveredCashPaid1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `UPDATE orders SET status = 'paid', updated_at = now()
       WHERE payment_method = 'Cash' AND is_delivered AND status = 'unpaid'`,
    );
  }

  async down(): Promise<void> {
    // Nothing to undo: see above.
  }
}
