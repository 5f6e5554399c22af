import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logIn } from './demo-logins';

/** WCAG 2 A and AA checks (contrast, names, labels, landmarks...) by axe-core on the rendered page. */
async function violations(page: Page) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark']) {
  test.describe(`accessibility, ${theme} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((mode) => window.localStorage.setItem('themeMode', mode), theme);
    });

    test('public pages, and a form showing its errors', async ({ page }) => {
      for (const path of ['/', '/shop', '/menu', '/about', '/booking', '/cart', '/signup', '/no-such-page']) {
        await page.goto(path);
        await expect(page.getByTestId('opening-hours')).toBeVisible();
        expect(await violations(page), path).toEqual([]);
      }
      await page.goto('/login');
      await page.getByLabel('Email').fill('neo@');
      await page.getByLabel('Password', { exact: true }).fill('123');
      await page.getByLabel('Email').focus();
      await expect(page.getByText('Invalid email format.')).toBeVisible();
      expect(await violations(page), '/login with errors').toEqual([]);
    });

    test('admin pages', async ({ page }) => {
      await logIn(page, ADMIN);
      for (const path of ['/booking', '/profile', '/reports', '/products/create', '/bar/create']) {
        await page.goto(path);
        await expect(page.getByRole('main')).not.toBeEmpty();
        expect(await violations(page), path).toEqual([]);
      }
    });
  });
}
