// The gateway as the browser tests use it: the production build, on a fresh embedded
// PostgreSQL in a throwaway data folder that is removed when the server stops.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the fake Stripe's URL is left for the gateway on `port` (e2e/cart.spec.ts reads it there). */
const fakeStripeUrlFile = (port) => join(tmpdir(), `checkpoint-e2e-fake-stripe-${port}.url`);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'checkpoint-e2e-'));
chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as the postgres user when we are root
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

// With E2E_FAKE_STRIPE=1, card payment is on, against the gateway tests' fake Stripe API
// (gateway/src/test/fake-stripe.ts, made JavaScript as it is loaded) on a free port; its URL is
// written where the browser tests look for it (fakeStripeUrlFile).
if (process.env.E2E_FAKE_STRIPE === '1') {
  const { default: ts } = await import('typescript');
  const source = readFileSync(join(root, 'gateway', 'src', 'test', 'fake-stripe.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const { startFakeStripe } = await import(`data:text/javascript,${encodeURIComponent(outputText)}`);
  const { url } = await startFakeStripe();
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
