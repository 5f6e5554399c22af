import { createUser } from '../../test/factories';
import { undoMigrationsThrough } from '../../test/migrations';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('migration CanonicalEmails (real database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('keeps stored addresses with their domain in Unicode, leaving a pair that would collide as it is', async () => {
    await undoMigrationsThrough(app, 'CanonicalEmails1764000000000');
    const stored = ['a@xn--r8jz45g.jp', 'b@例え.jp', 'c@xn--r8jz45g.jp', 'c@例え.jp', 'd@example.com', 'e@xn--zz.com'];
    for (const email of stored) await createUser(app.db, app.deps.jwtSecret, { email });

    await app.db.runMigrations();
    const rows = (await app.db.query('SELECT email FROM users ORDER BY email')) as { email: string }[];
    expect(rows.map((row) => row.email).sort()).toEqual(
      ['a@例え.jp', 'b@例え.jp', 'c@xn--r8jz45g.jp', 'c@例え.jp', 'd@example.com', 'e@xn--zz.com'].sort(),
    );
  });
});
