import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, networkSettled, test } from './fixtures';
import { ADMIN, openAs, PLAYER } from './demo-logins';

/** WCAG 2 A and AA checks (contrast, names, labels, landmarks...) by axe-core on the rendered page. */
async function violations(page: Page) {
  await networkSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The theme the page is drawn in now (next-themes names it in the root element's class). */
const themeOf = async (page: Page) =>
  /\b(light|dark)\b/.exec((await page.locator('html').getAttribute('class')) ?? '')?.[1] ?? 'no theme';

/**
 * The violations of the page as it is, then of the same page in the other theme, which the top bar's switch turns to
 * as a visitor would (no reload: the state the page is in stays). Each is named by its theme.
 */
async function violationsInBothThemes(page: Page) {
  const first = await themeOf(page);
  const found = (await violations(page)).map((v) => `${first}: ${v}`);
  await page.getByRole('banner').getByRole('switch', { name: 'Dark mode' }).click();
  await expect.poll(() => themeOf(page)).not.toBe(first);
  // the colours fade over (CSS transitions): axe measures them once they are still
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const second = await themeOf(page);
  return [...found, ...(await violations(page)).map((v) => `${second}: ${v}`)];
}

/** The WCAG contrast ratio of two CSS colours given as rgb() or rgba() (alpha ignored: the rings are opaque). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

// Each test checks its page in both themes: light as it starts, then dark through the switch.
test.describe('accessibility', () => {
  // One test a page: axe takes a few seconds on each, and a whole tour would crowd the test timeout.
  for (const path of ['/', '/shop', '/menu', '/about', '/booking', '/cart', '/signup', '/no-such-page']) {
    test(`public page ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId('opening-hours')).toBeVisible();
      expect(await violationsInBothThemes(page)).toEqual([]);
    });
  }

  test('the login form showing its errors', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('neo@');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Email').focus();
    await expect(page.getByText('Invalid email format.')).toBeVisible();
    expect(await violationsInBothThemes(page)).toEqual([]);
    await expect(page.getByText('Invalid email format.')).toBeVisible(); // still showing what was checked
  });

  test('a cart with a line, and the checkout showing its errors', async ({ page }) => {
    await openAs(page, PLAYER, '/shop');
    await page.getByRole('button', { name: 'Add to Cart' }).and(page.locator(':enabled')).first().click();
    await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
    try {
      await page.goto('/cart');
      await expect(page.getByRole('button', { name: /^Remove / })).toBeVisible();
      expect(await violationsInBothThemes(page)).toEqual([]);

      await page.goto('/checkout'); // in dark now, which the switch keeps
      await page.getByLabel('Full Name').fill('');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByText('Please select a payment method.')).toBeVisible();
      expect(await violationsInBothThemes(page)).toEqual([]);
    } finally {
      // the demo player's cart is the server's, shared with the tests that follow
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Clear Cart' }).click();
      await expect(page.getByRole('link', { name: 'Browse Shop' })).toBeVisible();
    }
  });

  test('admin All orders, with its Mark as delivered buttons', async ({ page }) => {
    await openAs(page, ADMIN, '/profile');
    await page.getByRole('tab', { name: 'All orders' }).click();
    await expect(page.getByRole('button', { name: 'Mark as delivered' }).first()).toBeVisible();
    expect(await violationsInBothThemes(page)).toEqual([]);
  });

  // axe does not look at focus rings: each control here is focused from the keyboard, and its ring's colour is
  // measured against every colour of the backdrop around it (a gradient's too), in each theme.
  test('focus rings stand 3:1 or more from what is around them, on the navy areas and on gold buttons', async ({
    page,
  }) => {
    await openAs(page, ADMIN);
    const measured: string[] = [];
    const measure = async (what: string, control: Locator) => {
      await control.focus();
      const { ring, backdrop } = await control.evaluate((element) => {
        const colours = (text: string) => text.match(/rgba?\([^)]*\)/g) ?? [];
        let around: string[] = [];
        for (let e = element.parentElement; e && around.length === 0; e = e.parentElement) {
          const style = getComputedStyle(e);
          if (style.backgroundImage !== 'none') around = colours(style.backgroundImage);
          else if (style.backgroundColor !== 'rgba(0, 0, 0, 0)') around = [style.backgroundColor];
        }
        const style = getComputedStyle(element);
        if (style.outlineStyle === 'none') return { ring: 'none', backdrop: around };
        return { ring: style.outlineColor, backdrop: around };
      });
      // No backdrop found measures as 0, not as a pass.
      const worst = backdrop.length ? Math.min(...backdrop.map((colour) => contrast(ring, colour))) : 0;
      const theme = await themeOf(page);
      measured.push(
        `${theme} ${what}: ${worst >= 3 ? 'ok' : `${worst.toFixed(2)}:1 (${ring} on ${backdrop.join(', ')})`}`,
      );
    };
    for (const theme of ['light', 'dark']) {
      await page.evaluate((mode) => localStorage.setItem('themeMode', mode), theme);
      await page.goto('/');
      await expect.poll(() => themeOf(page)).toBe(theme);
      await page.keyboard.press('Tab'); // from here on, focus is the keyboard's: rings show
      const header = page.getByRole('banner');
      await measure('top bar link', header.getByRole('link', { name: 'Shop', exact: true }));
      await measure('top bar Logout', header.getByRole('link', { name: 'Logout' }));
      await measure('hero button', page.getByRole('link', { name: 'Visit the Shop' }));
      await measure('hero gold button', page.getByRole('link', { name: 'Book a Session' }).first());
      await measure('footer link', page.getByRole('contentinfo').getByRole('link').first());
      await page.goto('/shop');
      await measure('gold Add product', page.getByRole('link', { name: 'Add product' }));
    }
    expect(measured).toHaveLength(12);
    expect(measured.filter((line) => !line.endsWith(': ok'))).toEqual([]);
  });

  for (const path of ['/booking', '/profile', '/reports', '/products/create', '/bar/create', '/menu']) {
    test(`admin page ${path}`, async ({ page }) => {
      await openAs(page, ADMIN, path);
      await expect(page.getByRole('main')).not.toBeEmpty();
      expect(await violationsInBothThemes(page)).toEqual([]);
    });
  }
});

// WCAG 1.4.12: a reader's own wider text spacing loses nothing. The admin's one-row top bar (from 1024 px) is the
// fullest: it wraps rather than pushing Logout past the screen's edge.
test("the admin's top bar keeps every control on screen with the reader's text spacing", async ({ page }) => {
  await openAs(page, ADMIN, '/shop');
  const header = page.getByRole('banner');
  const headerHeight = async () => (await header.boundingBox())?.height ?? 0;
  // what the keyboard scrolls to is kept clear of the bar, however tall it is drawn
  const scrollPadding = () =>
    page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop));
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await expect.poll(headerHeight).toBe(64); // one row as it is usually drawn
    await expect.poll(scrollPadding).toBe(80);
  }
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await page.addStyleTag({
      content: '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }',
    });
    const controls = header.getByRole('link').or(header.getByRole('button'));
    const outside: string[] = [];
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (box && box.x + box.width > width) outside.push(`${width}: ${await control.textContent()}`);
    }
    expect(outside).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    const tall = await headerHeight();
    expect(tall).toBeGreaterThan(64);
    await expect.poll(scrollPadding).toBe(tall + 16);
  }
});
