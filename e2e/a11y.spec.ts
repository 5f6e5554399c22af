import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, networkSettled, test } from './fixtures';
import { ADMIN, logIn } from './demo-logins';

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

    for (const path of ['/booking', '/profile', '/reports', '/products/create', '/bar/create']) {
      test(`admin page ${path}`, async ({ page }) => {
        await logIn(page, ADMIN);
        await page.goto(path);
        await expect(page.getByRole('main')).not.toBeEmpty();
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}
