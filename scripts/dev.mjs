// `npm run dev`: the gateway recompiled on change (tsc --watch) and restarted on each new build
// (node --watch-path), and Vite's dev server (http://localhost:VITE_PORT, default 5173) proxying
// /graphql, /api, /uploads, ... to it (http://localhost:PORT, default 4000).
//
// The tools run straight from node_modules as children of this process, not under npm and a shell,
// so Ctrl-C or a SIGTERM to this process alone (an IDE's stop button) stops every one of them.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(join(root, 'gateway', 'package.json')).resolve('typescript/bin/tsc');
const webRequire = createRequire(join(root, 'web', 'package.json'));
const vite = join(dirname(webRequire.resolve('vite/package.json')), 'bin', 'vite.js');

// The gateway runs under node --watch, which outlives a gateway that cannot start and waits for a file change: a port
// already taken (no change can fix) is said here, before anything starts, as Vite's own port is (strictPort).
const port = Number(process.env.PORT || 4000);
const host = process.env.HOST?.trim() || '0.0.0.0';
const portFree = await new Promise((resolve) => {
  const probe = createServer()
    .once('error', (error) => resolve(error.code !== 'EADDRINUSE'))
    .listen(port, host, () => probe.close(() => resolve(true)));
});
if (!portFree) {
  console.error(`[dev] port ${port} is in use (PORT): stop what holds it, or run with another PORT`);
  process.exit(1);
}

const children = new Set();
let stopping = false;
let exitCode = 0;

function run(name, args, options = {}) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', ...options });
  children.add(child);
  const ended = (how, code) => {
    if (!children.delete(child)) return;
    if (!stopping) {
      console.error(`[dev] ${name} ${how}; stopping the others`);
      exitCode = code || 1;
      stop('SIGTERM');
    }
    if (children.size === 0) process.exit(exitCode);
  };
  child.on('exit', (code, signal) => ended(`exited (${signal ?? code})`, code));
  child.on('error', (error) => ended(`failed: ${error.message}`, 1));
  return child;
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
  if (children.size === 0) process.exit(exitCode);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

// npm does not pass SIGTERM on to the script it runs: when npm goes away, this process is
// re-parented. Under `npm run dev`, treat that as SIGTERM (as scripts/start.mjs does).
if (process.env.npm_lifecycle_event === 'dev') {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('SIGTERM');
  }, 500).unref();
}

// The gateway starts once tsc's first compile has written gateway/dist: started before, it would be
// restarted half-way through its first start by that compile. With noEmitOnError, a compile with type
// errors writes nothing, and the gateway starts (or keeps running) once one compiles clean.
const watch = ['-p', 'gateway/tsconfig.build.json', '--watch', '--preserveWatchOutput'];
if (process.stdout.isTTY) watch.push('--pretty'); // its output comes through a pipe: colours only for a terminal
const compiler = run('tsc --watch', [tsc, ...watch], { stdio: ['ignore', 'pipe', 'inherit'] });
let gateway = null;
let waitingSaid = false;
createInterface({ input: compiler.stdout }).on('line', (line) => {
  console.log(line);
  const compiled = /Found (\d+) errors?\. Watching for file changes/.exec(stripVTControlCharacters(line));
  if (!compiled || gateway || stopping) return;
  if (compiled[1] === '0') {
    gateway = run('gateway', ['--watch-path=gateway/dist', '--watch-preserve-output', 'gateway/dist/main.js']);
  } else if (!waitingSaid) {
    waitingSaid = true;
    console.log('[dev] the gateway starts once it compiles without errors');
  }
});

run('vite', [vite], {
  cwd: join(root, 'web'),
  env: { ...process.env, GATEWAY_URL: `http://localhost:${process.env.PORT || 4000}` },
});
