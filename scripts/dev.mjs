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
// Without HOST the gateway listens on 127.0.0.1 (demo data) or every interface: both are probed, since a port held on
// one address only does not stop a probe on the other everywhere (macOS).
const port = Number(process.env.PORT || 4000);
const host = process.env.HOST?.trim();
const vitePort = Number(process.env.VITE_PORT || 5173);
const probeFree = (address) =>
  new Promise((resolve) => {
    const probe = createServer()
      .once('error', (error) => resolve(error.code !== 'EADDRINUSE'))
      .listen(port, address, () => probe.close(() => resolve(true)));
  });
let portFree = true;
for (const address of host ? [host] : ['127.0.0.1', '0.0.0.0']) portFree &&= await probeFree(address); // one at a time
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

// Vite proxies to the address the gateway listens on (localhost unless HOST names one).
const gatewayHost =
  !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
const gatewayUrl = `http://${gatewayHost}:${port}`;
run('vite', [vite], { cwd: join(root, 'web'), env: { ...process.env, GATEWAY_URL: gatewayUrl } });

// The gateway's own port serves the last production build (web/dist), not the sources being edited: once it answers,
// say where to look, after the gateway's own start-up lines.
async function sayWhenReady() {
  while (!stopping) {
    const ready = await fetch(`${gatewayUrl}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) {
      console.log(
        `[dev] ready: open http://localhost:${vitePort} (live sources; ${gatewayUrl} serves the last build of web/)`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
void sayWhenReady();
