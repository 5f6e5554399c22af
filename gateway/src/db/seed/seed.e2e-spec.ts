import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemoDataIfEmpty } from '.';
import { upsertConfirmedAccount } from '../../modules/auth/accounts';

describe('demo seed (real database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: 'https://demo.example' });
  });
  afterAll(() => app.close());

  it('writes nothing when it fails half-way, so the next start seeds the database whole', async () => {
    // The products' artwork cannot be stored (the data folder is a file's child): the accounts are seeded by then.
    const broken = { ...app.deps, config: { ...app.deps.config, dataDir: '/dev/null/checkpoint' } };
    await expect(seedDemoDataIfEmpty(broken)).rejects.toThrow();
    const [{ users, products }] = await app.db.query(
      'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM products)::int AS products',
    );
    expect({ users, products }).toEqual({ users: 0, products: 0 });
  });

  it('stocks the shop and the bar menu of an empty database, with generated artwork', async () => {
    // An admin made with `npm run create-admin` before the first start does not count as the venue's data.
    await upsertConfirmedAccount(app.db, { email: 'owner@venue.example', password: 'owner-pass1', isAdmin: true });
    expect(await seedDemoDataIfEmpty(app.deps)).toBe(true);
    expect(
      (
        await app.http('/api/auth/login', {
          method: 'POST',
          json: { email: 'owner@venue.example', password: 'owner-pass1' },
        })
      ).status,
    ).toBe(200);

    const all = await app.http('/api/products/search?q=');
    expect(all.body.length).toBeGreaterThanOrEqual(35);
    const categories = new Set(all.body.map((p: { category: string }) => p.category));
    const platforms = new Set(all.body.map((p: { platform: string }) => p.platform));
    expect([...categories].sort()).toEqual(['Accessory', 'Console', 'Game', 'Merch', 'Other']);
    expect([...platforms].sort()).toEqual(['All', 'Other', 'PC', 'PS4', 'PS5', 'XBox']);
    expect(all.body.some((p: { amount: number }) => p.amount === 0)).toBe(true);
    expect(all.body.some((p: { discount: number }) => p.discount > 0)).toBe(true);
    expect((await app.http('/api/products/featuredGames')).body.length).toBeGreaterThanOrEqual(4);
    for (const product of all.body) expect(product.images).toHaveLength(1);

    const art = await fetch(`${app.url}${new URL(all.body[0].images[0].smallUrl).pathname}`);
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toBe('image/webp');

    const menu = await app.http('/api/bar');
    expect(menu.body.length).toBeGreaterThanOrEqual(20);
    expect(new Set(menu.body.map((item: { category: string }) => item.category)).size).toBe(5);
    for (const item of menu.body) expect(item.image).toMatch(/^https:\/\/demo\.example\/uploads\/bar\//);

    // A second run over a seeded database adds nothing.
    const { productSeeder } = await import('../../modules/catalog/product.seed');
    await productSeeder.run({ ...app.deps, db: app.db.manager });
    expect((await app.http('/api/products/search?q=')).body).toHaveLength(all.body.length);
  }, 120_000);

  it('does not seed a venue again once its demo data has been deleted', async () => {
    await app.db.query('TRUNCATE products, bar_items, bookings, orders CASCADE');
    expect(await seedDemoDataIfEmpty(app.deps)).toBe(false);
    const [{ products }] = await app.db.query('SELECT count(*)::int AS products FROM products');
    expect(products).toBe(0);
  });
});
