import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, networkSettled, test } from './fixtures';
import { ADMIN, logIn, PLAYER } from './demo-logins';

/** WCAG 2 A and AA checks (contrast, names, labels, landmarks...) by axe-core on the rendered page. */
async function violations(page: Page) {
  await networkSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark']) {
  test.describe(`accessibility, ${theme} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((mode) => window.localStorage.setItem('themeMode', mode), theme);
    });

    // One test a page: axe takes a few seconds on each, and a whole tour would crowd the test timeout.
    for (const path of ['/', '/shop', '/menu', '/about', '/booking', '/cart', '/signup', '/no-such-page']) {
      test(`public page ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByTestId('opening-hours')).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });
    }

    test('the login form showing its errors', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill('neo@');
      await page.getByLabel('Password', { exact: true }).fill('123');
      await page.getByLabel('Email').focus();
      await expect(page.getByText('Invalid email format.')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('a cart with a line, and the checkout showing its errors', async ({ page }) => {
      await logIn(page, PLAYER, '/shop');
      await page.getByRole('button', { name: 'Add to Cart' }).and(page.locator(':enabled')).first().click();
      await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
      try {
        await page.goto('/cart');
        await expect(page.getByRole('button', { name: /^Remove / })).toBeVisible();
        expect(await violations(page)).toEqual([]);

        await page.goto('/checkout');
        await page.getByLabel('Full Name').fill('');
        await page.getByRole('button', { name: 'Place Order' }).click();
        await expect(page.getByText('Please select a payment method.')).toBeVisible();
        expect(await violations(page)).toEqual([]);
      } finally {
        // the demo player's cart is the server's, shared with the tests that follow
        await page.goto('/cart');
        await page.getByRole('button', { name: 'Clear Cart' }).click();
        await expect(page.getByRole('link', { name: 'Browse Shop' })).toBeVisible();
      }
    });

    test('admin All orders, with its Mark as delivered buttons', async ({ page }) => {
      await logIn(page, ADMIN, '/profile');
      await page.getByRole('tab', { name: 'All orders' }).click();
      await expect(page.getByRole('button', { name: 'Mark as delivered' }).first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    for (const path of ['/booking', '/profile', '/reports', '/products/create', '/bar/create', '/menu']) {
      test(`admin page ${path}`, async ({ page }) => {
        await logIn(page, ADMIN);
        await page.goto(path);
        await expect(page.getByRole('main')).not.toBeEmpty();
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}
