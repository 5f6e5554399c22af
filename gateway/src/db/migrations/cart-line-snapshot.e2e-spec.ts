import { addCartLine, createProduct, createUser } from '../../test/factories';
import { undoMigrationsThrough } from '../../test/migrations';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('migration CartLineSnapshot (real database)', () => {
  let app: TestApp;
  const undoThroughCartLineSnapshot = () => undoMigrationsThrough(app, 'CartLineSnapshot1763940000000');

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('backfills the snapshot of existing lines, then keeps a line when its product is deleted; down restores the cascade', async () => {
    const me = await createUser(app.db, app.deps.jwtSecret);
    const product = await createProduct(app.db, { name: 'Old Line', priceCents: 2000, discount: 25 });
    await undoThroughCartLineSnapshot();
    await app.db.query('INSERT INTO cart_items (user_id, product_id, quantity) VALUES ($1, $2, 2)', [
      me.user.id,
      product.id,
    ]);
    await app.db.runMigrations();
    expect(await app.db.query('SELECT product_name, product_price_cents FROM cart_items')).toEqual([
      { product_name: 'Old Line', product_price_cents: 1500 },
    ]);
    await app.db.query('DELETE FROM products WHERE id = $1', [product.id]);
    expect(await app.db.query('SELECT count(*)::int AS n FROM cart_items')).toEqual([{ n: 1 }]);

    // Down: lines of deleted products go (the old schema cannot hold them), the others stay.
    const kept = await createProduct(app.db);
    await addCartLine(app.db, me.user.id, kept);
    await undoThroughCartLineSnapshot();
    expect(await app.db.query('SELECT product_id FROM cart_items')).toEqual([{ product_id: kept.id }]);
    await app.db.query('DELETE FROM products WHERE id = $1', [kept.id]);
    expect(await app.db.query('SELECT count(*)::int AS n FROM cart_items')).toEqual([{ n: 0 }]);
    await app.db.runMigrations();
  });
});
