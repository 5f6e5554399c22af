// `npm run bench`: the budgets of the foundation, measured on the built product.
//  - start: a fresh data folder to the first 200 on /readyz (embedded PostgreSQL init included)
//  - restart: the same folder again (data reused)
//  - initial JS of `/`: the gzip size of every script Chromium loads for `/` until the network is idle (index.html's
//    entry and preloads, the home screen's chunk, whatever they import), as the gateway sends it to a gzip client;
//    beside it, what Chromium received (brotli)
//  - for reference, the floor of that figure: the JavaScript of the smallest page the prescribed libraries can make
//    (bench/stack-floor: React, Chakra UI, Apollo Client and React Router, one query), built as the web app is
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build, defaultClientConditions } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const budgets = { startMs: 10_000, initialJsKb: 170 };

async function timeToReady(dataDir, port, whenReady = async () => {}) {
  const started = performance.now();
  const child = spawn(process.execPath, ['gateway/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('gateway did not become ready in 60 s');
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.status === 200,
        () => false, // not listening yet
      );
      if (ready) {
        const elapsed = performance.now() - started;
        // Outside the poll's catch: a failure here (no Chromium, a page that never shows its data) is reported as
        // itself, not retried until it reads as a gateway that never became ready.
        await whenReady();
        return elapsed;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

async function initialJsKb(port) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    // Offline, like the browser tests (e2e/fixtures.ts): the footer's map frame gets an empty page at once.
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>offline</title>' }),
    );
    const scripts = new Map();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.set(new URL(request.url()).pathname, request);
    });
    const open = new Set();
    page.on('request', (request) => open.add(request));
    page.on('requestfinished', (request) => open.delete(request));
    page.on('requestfailed', (request) => open.delete(request));
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
    await page.getByText('10am to 12am').first().waitFor(); // the footer's hours: the page has its data
    // Then no request for 500 ms: every script the page asks for on its own has come (as in e2e/fixtures.ts, not
    // Playwright's 'networkidle', which the footer's map frame can stall).
    for (let quietSince = Date.now(); Date.now() - quietSince < 500;) {
      await page.waitForTimeout(50);
      if (open.size > 0) quietSince = Date.now();
    }
    const files = [...scripts.keys()].sort();
    // The budget's figure: each script in gzip, the file the gateway sends a gzip-only client (the build's .gz).
    const gzipBytes = (file) => {
      const path = join(root, 'web/dist', file.replace(/^\//, ''));
      return existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : gzipSync(readFileSync(path)).length;
    };
    const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
    // What Chromium itself received (brotli where the build wrote it).
    const sizes = await Promise.all([...scripts.values()].map((request) => request.sizes()));
    const received = sizes.reduce((sum, size) => sum + size.responseBodySize, 0);
    return { kb: bytes / 1024, receivedKb: received / 1024, files };
  } finally {
    await browser.close();
  }
}

/** The gzip size of the stack floor page's JavaScript, built in memory with the web app's module conditions. */
async function stackFloorKb() {
  const result = await build({
    configFile: false,
    logLevel: 'error', // the libraries' "use client" directives, as in web/vite.config.ts
    root: join(root, 'bench/stack-floor'),
    resolve: { conditions: ['es2015', ...defaultClientConditions] },
    build: { write: false },
  });
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((output) => output.output)
    .filter((file) => file.type === 'chunk');
  return chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0) / 1024;
}

const port = Number(process.env.BENCH_PORT ?? 4391);
const scratch = mkdtempSync(join(tmpdir(), 'checkpoint-bench-'));
chmodSync(scratch, 0o755); // embedded PostgreSQL runs as the postgres user when we are root
const dataDir = join(scratch, '.data'); // not there yet, as in a fresh clone
try {
  const fresh = await timeToReady(dataDir, port);
  let js;
  const again = await timeToReady(dataDir, port, async () => {
    js = await initialJsKb(port);
  });
  const rows = [
    ['fresh start to /readyz', `${fresh.toFixed(0)} ms`, `${budgets.startMs} ms`, fresh <= budgets.startMs],
    ['restart to /readyz (data reused)', `${again.toFixed(0)} ms`, `${budgets.startMs} ms`, again <= budgets.startMs],
    [
      `initial JS of / (${js.files.length} files)`,
      `${js.kb.toFixed(1)} kB gzip`,
      `${budgets.initialJsKb} kB`,
      js.kb <= budgets.initialJsKb,
    ],
  ];
  const floor = await stackFloorKb();
  if (process.argv.includes('--files')) for (const file of js.files) console.log(`     ${file}`);
  for (const [name, value, budget, ok] of rows)
    console.log(`${ok ? 'ok  ' : 'OVER'} ${name}: ${value} (budget ${budget})`);
  console.log(`info initial JS of / as Chromium received it (brotli): ${js.receivedKb.toFixed(1)} kB`);
  console.log(`info the prescribed libraries alone, for one query (bench/stack-floor): ${floor.toFixed(1)} kB gzip`);
  if (rows.some((row) => !row[3])) process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
