import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderClosedTo, passwordOf } from './embedded-postgres';

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

describe('folderClosedTo', () => {
  const root = mkdtempSync(join(tmpdir(), 'checkpoint-closed-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  // Someone else: neither the folders' owner (this process's user) nor in their group.
  const stranger = { uid: 54_321, gid: 54_321 };

  it('names the first folder on the way that the user may not enter', () => {
    const home = join(root, 'home');
    mkdirSync(join(home, 'checkout', '.data'), { recursive: true });
    chmodSync(root, 0o755);
    chmodSync(home, 0o700); // a home folder, as /root is
    expect(folderClosedTo(join(home, 'checkout', '.data', 'pg'), stranger)).toBe(home);
    chmodSync(home, 0o711);
    expect(folderClosedTo(join(home, 'checkout', '.data', 'pg'), stranger)).toBeNull();
  });

  it('reads the owner and group bits for their owner and group', () => {
    const folder = join(root, 'own');
    mkdirSync(folder, { mode: 0o700 });
    chmodSync(root, 0o755);
    const { uid, gid } = statSync(folder);
    expect(folderClosedTo(folder, { uid, gid: stranger.gid })).toBeNull();
    expect(folderClosedTo(folder, { uid: stranger.uid, gid })).toBe(folder);
    chmodSync(folder, 0o710);
    expect(folderClosedTo(folder, { uid: stranger.uid, gid })).toBeNull();
  });

  it('stops at a folder not made yet (the gateway makes it)', () => {
    chmodSync(root, 0o755);
    expect(folderClosedTo(join(root, 'not-yet', '.data', 'pg'), stranger)).toBeNull();
  });
});
