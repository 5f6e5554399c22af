// The gateway as the browser tests use it: the production build, on a fresh embedded
// PostgreSQL in a throwaway data folder that is removed when the server stops.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

// With E2E_FAKE_STRIPE=1, card payment is on, against a local fake Stripe API on a free port;
// its URL is written where the browser tests look for it (fakeStripeUrlFile in fake-stripe.mjs).
if (process.env.E2E_FAKE_STRIPE === '1') {
  const { startFakeStripe, fakeStripeUrlFile } = await import('./fake-stripe.mjs');
  const url = await startFakeStripe(0);
  const file = fakeStripeUrlFile(process.env.PORT);
  writeFileSync(file, url);
  process.on('exit', () => rmSync(file, { force: true }));
  process.env.STRIPE_API_URL = url;
  process.env.STRIPE_SECRET_KEY ??= 'sk_test_e2e';
  process.env.STRIPE_PUBLISHABLE_KEY ??= 'pk_test_e2e';
  process.env.STRIPE_WEBHOOK_SECRET ??= 'whsec_e2e';
}

process.chdir(root);
createRequire(import.meta.url)(join(root, 'gateway', 'dist', 'main.js'));
