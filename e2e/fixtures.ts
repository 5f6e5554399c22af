import { test as base } from '@playwright/test';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Playwright's `test`, with every page offline as on CI: a request to another host (the footer's OpenStreetMap frame)
 * is answered at once with an empty page. A frame whose load failed can keep Playwright's 'networkidle' from ever
 * firing; an empty page loads like any other. Tests that need a stand-in (Stripe.js) route it on the page, which
 * takes precedence.
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
});

export { expect } from '@playwright/test';
