import { createUser } from '../../test/factories';
import { undoMigrationsThrough } from '../../test/migrations';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('migration DeliveredCashPaid (real database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('marks the cash orders delivered before the rule paid, and no other order', async () => {
    await undoMigrationsThrough(app, 'DeliveredCashPaid1764600000000');
    const { user } = await createUser(app.db, app.deps.jwtSecret);
    const orders: [name: string, method: string, status: string, delivered: boolean][] = [
      ['cash handed over', 'Cash', 'unpaid', true],
      ['cash on its way', 'Cash', 'unpaid', false],
      ['cash cancelled', 'Cash', 'cancelled', false],
      ['card handed over', 'stripe', 'paid', true],
    ];
    for (const [name, method, status, delivered] of orders) {
      await app.db.query(
        `INSERT INTO orders (user_id, status, is_delivered, payment_method, subtotal_cents, tax_cents, shipping_cents,
                             total_cents, full_name, email, phone, address, city, zip, payment_intent_id)
         VALUES ($1, $2, $3, $4, 1000, 100, 500, 1600, $5, 'buyer@example.com', '555', '1 Main St', 'Town', '10001',
                 $6)`,
        [user.id, status, delivered, method, name, method === 'stripe' ? 'pi_handed_over' : null],
      );
    }

    await app.db.runMigrations();
    const rows = (await app.db.query('SELECT full_name AS name, status FROM orders ORDER BY full_name')) as {
      name: string;
      status: string;
    }[];
    expect(rows).toEqual([
      { name: 'card handed over', status: 'paid' },
      { name: 'cash cancelled', status: 'cancelled' },
      { name: 'cash handed over', status: 'paid' },
      { name: 'cash on its way', status: 'unpaid' },
    ]);
  });
});
