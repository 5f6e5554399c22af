import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { expect, test } from './fixtures';

// The product's own life cycle, as `npm start` runs it on a fresh clone: no `.data` folder yet, a first start that
// makes it, Ctrl-C and SIGTERM that leave no PostgreSQL behind, a restart that finds the same data, and a start after
// a crash (a postmaster left running and a stale postmaster.pid). No browser: these speak HTTP only.

const repo = join(__dirname, '..');
let root = ''; // made in beforeAll: Playwright's runner also loads this file, to list its tests, and never cleans up
let dataDir = '';
const someone = { username: 'lifecycle', email: 'lifecycle@example.com', password: 'lifecycle-pass' };
/** Another sign-up with the address `someone` took: refused while the data lasts (`someone` again would be taken for a
 * retry of their sign-up, answered as made). */
const rival = { ...someone, username: 'someone else' };

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let port = 0;
test.beforeAll(async () => {
  port = await freePort();
  root = mkdtempSync(join(tmpdir(), 'checkpoint-lifecycle-'));
  chmodSync(root, 0o755); // embedded PostgreSQL runs as the postgres user when we are root
  dataDir = join(root, '.data'); // does not exist yet, as in a fresh clone
});
const started: ChildProcess[] = [];
test.afterAll(() => {
  // only if a test failed half-way
  for (const child of started) if (groupAlive(child.pid!)) process.kill(-child.pid!, 'SIGKILL');
  for (const pid of postmasters()) process.kill(pid, 'SIGKILL');
  if (root) rmSync(root, { recursive: true, force: true });
});

test('npm start makes the data folder on a fresh clone, serves the product and stops PostgreSQL on Ctrl-C', async () => {
  expect(existsSync(dataDir)).toBe(false);
  const server = start('npm', ['start']);
  await ready(server);
  expect(postmasters()).toHaveLength(1);
  const venue = await graphql('{ venue { openingHours { summary } } }');
  expect(venue.data.venue.openingHours.summary).toBe('10am to 12am, 7 days a week');
  const registered = await register();
  expect(registered.status).toBe(201);

  process.kill(-server.pid!, 'SIGINT'); // what a terminal sends the whole foreground group on Ctrl-C
  await stopped(server);
});

test('a second start reuses the data, and SIGTERM to npm alone stops the gateway and PostgreSQL', async () => {
  const server = start('npm', ['start']);
  await ready(server);
  const again = await register(rival);
  expect(again.status).toBe(409);
  expect(await again.json()).toMatchObject({ message: 'An account with this email already exists.' });

  process.kill(server.pid!, 'SIGTERM'); // a supervisor signals the process it started: npm, which does not pass it on
  await stopped(server);
});

test('a start after a crash recovers from the PostgreSQL left running and its stale postmaster.pid', async () => {
  const crashed = start(process.execPath, ['scripts/start.mjs']);
  await ready(crashed);
  const exited = new Promise((resolve) => crashed.once('exit', resolve));
  process.kill(crashed.pid!, 'SIGKILL'); // the gateway dies without stopping PostgreSQL
  await exited;
  expect(postmasters()).toHaveLength(1);
  expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

  const server = start(process.execPath, ['scripts/start.mjs']);
  await ready(server);
  expect(postmasters()).toHaveLength(1);
  expect((await register(rival)).status).toBe(409); // the same data still
  process.kill(server.pid!, 'SIGTERM');
  await stopped(server);
});

test('a server a shell starts in the background keeps serving when that shell exits, and stops on SIGTERM', async () => {
  // `nohup node scripts/start.mjs > log 2>&1 &` in a deploy script or a terminal that is then closed: the shell exits
  // once the server is up, and the server is re-parented. Only under `npm start` is that taken for a stop.
  const shell = start('sh', ['-c', 'nohup node scripts/start.mjs >/dev/null & echo "$!"; read -r _'], {
    stdin: 'pipe',
  });
  const server = Number(await firstLine(shell));
  await ready(shell);
  const gone = new Promise((resolve) => shell.once('exit', resolve));
  shell.stdin!.end(); // the shell reads the end of its input and exits
  await gone;
  expect(parentOf(server), 'the server is re-parented').not.toBe(shell.pid);

  await sleep(2_000); // start.mjs looks at its parent every 500 ms under npm start
  expect((await fetch(url('/readyz'))).status).toBe(200);
  const venue = await graphql('{ venue { openingHours { summary } } }');
  expect(venue.data.venue.openingHours.summary).toBe('10am to 12am, 7 days a week');
  expect(postmasters()).toHaveLength(1);

  process.kill(server, 'SIGTERM'); // what `kill <pid>` sends
  await stopped(shell); // the server is in the shell's process group
});

test('PostgreSQL killed under a running gateway: the gateway says so and exits 1, leaving nothing behind', async () => {
  const server = start(process.execPath, ['scripts/start.mjs']);
  await ready(server);
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  process.kill(postmasters()[0], 'SIGKILL');
  expect(await exited).toBe(1); // a supervisor restarts it; no more 500s from a gateway without its database
  expect(logOf(server)).toContain('the embedded PostgreSQL stopped on its own');
  await stopped(server);
});

test('SIGTERM while the demo venue is being seeded leaves no PostgreSQL, and the next start seeds it whole', async () => {
  const folder = join(root, 'seeded-twice');
  const first = start(process.execPath, ['scripts/start.mjs'], { folder, logLevel: 'info' });
  await logged(first, '"seeder":"products"'); // the demo accounts are in by now, in the seed's transaction
  process.kill(first.pid!, 'SIGTERM');
  await stopped(first, folder);

  const second = start(process.execPath, ['scripts/start.mjs'], { folder });
  await ready(second);
  const shop = await fetch(url('/api/products/search?q='));
  expect(Number(shop.headers.get('x-total-count'))).toBeGreaterThanOrEqual(35);
  const login = await fetch(url('/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'player@checkpoint.local', password: 'player123' }),
  });
  expect(login.status).toBe(200);
  process.kill(second.pid!, 'SIGTERM');
  await stopped(second, folder);
});

test("a stop waits for the mail the last answers started: a sign-up's confirmation reaches a slow mail server", async () => {
  // A mail server that takes 3 s to accept the recipient: the stop comes while the mail is on its way.
  const delivered: string[] = [];
  let sending!: () => void;
  const onItsWay = new Promise<void>((resolve) => (sending = resolve));
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      sending();
      setTimeout(callback, 3_000);
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  try {
    const { port: smtpPort } = smtp.server.address() as AddressInfo;
    const server = start(process.execPath, ['scripts/start.mjs'], {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    });
    await ready(server);
    const newcomer = { username: 'late-mail', email: 'late-mail@example.com', password: 'late-mail-pass' };
    expect((await register(newcomer)).status).toBe(201); // answered before its mail goes
    await onItsWay;
    process.kill(server.pid!, 'SIGTERM');
    await stopped(server);
    expect(delivered).toEqual([newcomer.email]);
    expect(logOf(server)).not.toContain('stopping with mail still being sent');
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});

test('a stop ends a keep-alive connection busy at the signal once its answer is sent, rather than waiting 25 s', async () => {
  const server = start(process.execPath, ['scripts/start.mjs']);
  await ready(server);
  // A client on a kept-alive connection, its request half sent when the stop comes.
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' });
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const ended = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  await sleep(300);
  const signalled = Date.now();
  process.kill(server.pid!, 'SIGTERM');
  await sleep(300);
  socket.write(body.slice(10));
  const closedAt = await ended;
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  expect(answer).toContain('Invalid email or password.'); // answered in full
  expect(answer.toLowerCase()).toContain('connection: close');
  expect(closedAt - signalled).toBeLessThan(5_000);
  await stopped(server);
});

test('a second signal stops at once, without waiting out the grace for a request that never ends', async () => {
  const server = start(process.execPath, ['scripts/start.mjs'], { logLevel: 'info' });
  await ready(server);
  // a client that sends half its request and then nothing: the stop would wait 25 s for it
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {}); // cut off, as it should be
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
  );
  await sleep(300);
  process.kill(server.pid!, 'SIGTERM');
  await logged(server, 'shutting down');
  const again = Date.now();
  process.kill(server.pid!, 'SIGTERM');
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  expect(await exited).toBe(0);
  expect(Date.now() - again).toBeLessThan(5_000);
  expect(logOf(server)).toContain('stopping now, without waiting for requests and mail');
  socket.destroy();
  await stopped(server);
});

test('a port already taken stops the start at once, before PostgreSQL is started or the data folder made', async () => {
  const folder = join(root, 'port-taken');
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const { port: takenPort } = taken.address() as AddressInfo;
  try {
    const server = start(process.execPath, ['scripts/start.mjs'], { folder, on: takenPort });
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).toBe(1);
    expect(logOf(server)).toContain(
      `Checkpoint did not start: port ${takenPort} on 127.0.0.1 is in use, by another Checkpoint or program: stop it, or set PORT`,
    );
    expect(existsSync(folder), 'no data folder made, so no PostgreSQL started').toBe(false);
    await stopped(server, folder);
  } finally {
    taken.close();
  }
});

type StartOptions = {
  stdin?: 'ignore' | 'pipe';
  folder?: string;
  logLevel?: string;
  on?: number;
  env?: Record<string, string>;
};

function start(command: string, args: string[], options: StartOptions = {}): ChildProcess {
  const { stdin = 'ignore', folder = dataDir, logLevel = 'warn', on = port, env = {} } = options;
  const child = spawn(command, args, {
    cwd: repo,
    detached: true, // its own process group, like a command run in a terminal
    env: { ...process.env, PORT: String(on), DATA_DIR: folder, LOG_LEVEL: logLevel, ...env },
    stdio: [stdin, 'pipe', 'pipe'], // stdin piped: a shell that writes a pid and exits when its input ends
  });
  started.push(child);
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  Object.defineProperty(child, 'log', { get: () => output });
  return child;
}

async function logged(child: ChildProcess, text: string) {
  const deadline = Date.now() + 60_000;
  while (!logOf(child, Infinity).includes(text)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`never logged ${text}: ${logOf(child)}`);
    await sleep(50);
  }
}

async function ready(child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the gateway exited (${child.exitCode}): ${logOf(child)}`);
    const answer = await fetch(url('/readyz')).catch(() => null);
    if (answer?.status === 200) return;
    await sleep(100);
  }
  throw new Error(`the gateway was not ready in 60 s: ${logOf(child)}`);
}

/** Waits for the started command to exit, then checks that no PostgreSQL of the data folder is left. */
async function stopped(child: ChildProcess, folder = dataDir) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && (postmasters(folder).length > 0 || groupAlive(child.pid!))) await sleep(100);
  expect(postmasters(folder), 'no postmaster of the data folder is left').toEqual([]);
  expect(groupAlive(child.pid!), 'no process of the started command is left').toBe(false);
}

/** Pids of the PostgreSQL servers running on our data folder (read from /proc, as `ps` would). */
function postmasters(folder = dataDir): number[] {
  if (!dataDir) return [];
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return argv.some((arg) => arg.startsWith(folder)) && argv[0].endsWith('postgres');
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** The first line the started command writes on its stdout. */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0].trim());
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before writing a line: ${logOf(child)}`)));
  });
}

/** The parent pid of a process, from /proc/<pid>/stat (the field after the parenthesised command name). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const url = (path: string) => `http://127.0.0.1:${port}${path}`;
const logOf = (child: ChildProcess, last = 2000) => (child as ChildProcess & { log: string }).log.slice(-last);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function graphql(query: string) {
  const answer = await fetch(url('/graphql'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return answer.json();
}

function register(who = someone) {
  return fetch(url('/api/auth/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
