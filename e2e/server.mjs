// The gateway as the browser tests use it: the production build, on a fresh embedded
// PostgreSQL in a throwaway data folder that is removed when the server stops. Each Playwright
// worker starts one (e2e/fixtures.ts), with PORT, PUBLIC_URL and a fake Stripe API of its own.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'checkpoint-e2e-'));
chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as the postgres user when we are root
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

// Started by a Playwright worker with its input piped (e2e/fixtures.ts sets E2E_STOP_WHEN_INPUT_ENDS): when the
// worker is gone, however it went, that input ends, and the gateway stops as on SIGTERM, its PostgreSQL and data
// folder with it.
if (process.env.E2E_STOP_WHEN_INPUT_ENDS === '1') {
  process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
  process.stdin.resume();
}

process.chdir(root);
createRequire(import.meta.url)(join(root, 'gateway', 'dist', 'main.js'));
