import { createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { createLogger } from './logger';

describe('the log (real database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("keeps a failed statement's error, but not the data it carries: parameters, the row, the key", async () => {
    const { user } = await createUser(app.db, app.deps.jwtSecret, { email: 'private.person@example.com' });
    const error: unknown = await app.db
      .query(`INSERT INTO users (username, email, password_hash) VALUES ($1, $2, $3)`, [
        'someone',
        user.email,
        'secret-hash',
      ])
      .catch((e: unknown) => e);
    const lines: string[] = [];
    createLogger('info', { write: (line: string) => lines.push(line) }).error({ err: error }, 'unexpected');
    const [line] = lines;
    expect(JSON.parse(line)).toMatchObject({ msg: 'unexpected', err: { code: '23505' } });
    expect(line).not.toContain('private.person');
    expect(line).not.toContain('secret-hash');
  });
});
