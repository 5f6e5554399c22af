import { test as base, expect, type Page, type Request } from '@playwright/test';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Playwright's `test`, with every page offline as on CI: a request to another host (the footer's OpenStreetMap frame)
 * is answered at once with an empty page. Tests that need a stand-in (Stripe.js) route it on the page, which takes
 * precedence. Each page also keeps count of its requests in flight, for `networkSettled`.
 */
export const test = base.extend({
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
