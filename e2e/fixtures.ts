import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { startFakeStripe } from '../gateway/src/test/fake-stripe';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const inFlight = new WeakMap<Page, Set<Request>>();

/** The gateway one worker's tests run against, and the fake Stripe API behind it. */
export type Gateway = { url: string; stripeApiUrl: string };

/**
 * Starts `e2e/server.mjs` (the production build on a throwaway demo database) on `port`, with card payment against a
 * fake Stripe API of its own, and resolves once `/readyz` answers. Fails at once when something answers on the port
 * already (another run's gateway: its tests would share its data), and with the server's output when it exits first or
 * is not ready within a minute. Its output is passed on, each line marked with the port.
 */
async function startGateway(port: number): Promise<Gateway & { stop: () => Promise<void> }> {
  const url = `http://localhost:${port}`;
  if (
    await fetch(url).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is in use (another test run?): stop what serves it, or set E2E_PORT`);
  const stripe = await startFakeStripe();
  const child = spawn(process.execPath, [join(__dirname, 'server.mjs')], {
    cwd: join(__dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      E2E_STOP_WHEN_INPUT_ENDS: '1',
    },
    // Its input is a pipe from this worker, which closes when the worker ends however it ends: server.mjs then stops.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = ''; // kept for a failed start, until ready
  let ready = false;
  const pass = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
    const text = chunk.toString();
    if (!ready) output += text;
    to.write(text.replace(/^(?=.)/gm, `[gateway :${port}] `));
  };
  child.stdout.on('data', pass(process.stdout));
  child.stderr.on('data', pass(process.stderr));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // the gateway stops its PostgreSQL, and server.mjs removes the data folder
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
    }
    await stripe.close();
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `the browser tests' gateway on port ${port} exited (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    }
    const answer = await fetch(`${url}/readyz`).catch(() => null);
    if (answer?.status === 200) {
      ready = true;
      output = '';
      return { url, stripeApiUrl: stripe.url, stop };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the browser tests' gateway on port ${port} was not ready in 60 s:\n${output}`);
    }
    await sleep(100);
  }
}

/**
 * Playwright's `test`, run by each worker against a gateway of its own (port `E2E_PORT` plus the worker's index), so
 * that workers share no database, with every page offline as on CI: a request to another host (the footer's OpenStreetMap frame)
 * is answered at once with an empty page. Tests that need a stand-in (Stripe.js) route it on the page, which takes
 * precedence. Each page also keeps count of its requests in flight, for `networkSettled`.
 */
export const test = base.extend<object, { gateway: Gateway }>({
  gateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from its pattern
    async ({}, use, workerInfo) => {
      const gateway = await startGateway(Number(process.env.E2E_PORT ?? 4173) + workerInfo.parallelIndex);
      await use(gateway);
      await gateway.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ gateway }, use) => use(gateway.url),
  context: async ({ context }, use) => {
    await context.route(
      (url) => !LOCAL_HOSTS.has(url.hostname),
      (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>offline</title>' }),
    );
    await use(context);
  },
  page: async ({ page }, use) => {
    const open = new Set<Request>();
    page.on('request', (request) => open.add(request));
    page.on('requestfinished', (request) => open.delete(request));
    page.on('requestfailed', (request) => open.delete(request));
    inFlight.set(page, open);
    await use(page);
  },
});

/**
 * Waits until no request of the page has been in flight for `quietMs` (at most `maxMs` in all). Playwright's own
 * 'networkidle' also waits on every frame's lifecycle, and with the footer's map frame it sometimes never came on CI
 * although every request had finished.
 */
export async function networkSettled(page: Page, { quietMs = 500, maxMs = 10_000 } = {}): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('networkSettled needs the page fixture of e2e/fixtures.ts');
  const started = Date.now();
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs && Date.now() - started < maxMs) {
    await page.waitForTimeout(50);
    if (open.size > 0) quietSince = Date.now();
  }
}

/**
 * Runs `action`, which must open a confirm() dialog reading `message`, accepts that dialog, and waits for the action
 * to finish. Fails when no dialog opens (within `timeout`) or it reads otherwise: unlike a `page.once('dialog', ...)`
 * handler, whose checks never run when no dialog comes. The action (a click) is started before the dialog is awaited,
 * as it does not finish until the dialog is answered.
 */
export async function acceptConfirm(
  page: Page,
  message: string,
  action: () => Promise<unknown>,
  { timeout = 5_000 } = {},
): Promise<void> {
  const opened = page.waitForEvent('dialog', { timeout });
  const acted = action();
  acted.catch(() => {}); // awaited below, once the dialog is answered; not an unhandled rejection meanwhile
  const dialog = await opened;
  try {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe(message);
  } catch (error) {
    await dialog.dismiss(); // the wrong question is not agreed to
    throw error;
  }
  await dialog.accept();
  await acted;
}

/** The variables of each request `page` sends for the GraphQL operation `name`, as JSON, in order sent. */
export function variablesAsked(page: Page, name: string): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const body = request.postDataJSON() as { operationName?: string; variables?: object } | null;
    if (body?.operationName === name) asked.push(JSON.stringify(body.variables));
  });
  return asked;
}

/**
 * Loses the answers of the first `times` requests for the GraphQL operation `name` after the server has acted on them
 * (sent on, then the connection reset), as a dropped connection or a proxy timing out would. Returns how many were lost
 * so far.
 */
export async function loseAnswers(page: Page, name: string, times = 1): Promise<() => number> {
  let lost = 0;
  await page.route('**/graphql', async (route) => {
    if (lost === times || !route.request().postData()?.includes(name)) return route.fallback();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  return () => lost;
}

/** The name of the first order card shown, which tells one page of orders from another. */
export const firstOrder = (page: Page) => page.getByRole('article').first().getAttribute('aria-label');

export { expect };
