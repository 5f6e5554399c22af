import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { passwordOf } from './embedded-postgres';

// Starting PostgreSQL itself is what every test run does (global-setup, whose database answers with this password).
describe('the embedded PostgreSQL superuser password', () => {
  const root = mkdtempSync(join(tmpdir(), 'checkpoint-embedded-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is made at random for a new data folder, kept beside it for its owner only, and the same afterwards', () => {
    const dataDir = join(root, 'pg');
    const made = passwordOf(dataDir, true);
    expect(made).toMatch(/^[\w-]{32}$/);
    expect(statSync(`${dataDir}.password`).mode & 0o777).toBe(0o600);
    expect(passwordOf(dataDir)).toBe(made);
    expect(passwordOf(join(root, 'other'), true)).not.toBe(made);
  });

  it('is made for a data folder whose parent does not exist yet (a fresh clone has no .data)', () => {
    const dataDir = join(root, 'fresh', '.data', 'pg');
    expect(passwordOf(dataDir, true)).toBe(passwordOf(dataDir));
  });

  it('stays the old fixed one for a data folder made before folders had their own', () => {
    expect(passwordOf(join(root, 'older'))).toBe('checkpoint');
  });
});
