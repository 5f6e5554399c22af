import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, networkSettled, test } from './fixtures';
import { ADMIN, openAs } from './demo-logins';

test.describe('foundation', () => {
  test('the footer shows the opening hours from GraphQL on every page', async ({ page }) => {
    for (const path of ['/', '/about', '/shop']) {
      await page.goto(path);
      await expect(page.getByTestId('opening-hours')).toHaveText('10am to 12am, 7 days a week');
    }
  });

  test('a first visit does not move what is on screen: the footer waits below the fold while the page loads', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/', '/shop', '/menu']) {
      await page.goto(path);
      await expect(page.getByTestId('opening-hours')).toContainText('10am to 12am');
      await networkSettled(page);
      // (the home page's first paint put the footer on screen, then its content pushed it off: 0.35, "poor" above 0.25)
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(shift, `layout shift of ${path}`).toBeLessThan(0.05);
    }
  });

  test('the footer and the about page share one cached venue: each asks once, no refetching in turn', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const operation = request.url().endsWith('/graphql') && (request.postDataJSON() as { operationName?: string });
      if (operation && operation.operationName?.includes('Venue')) asked.push(operation.operationName);
    });
    await page.goto('/');
    await expect(page.getByTestId('opening-hours')).toBeVisible();
    await page.getByRole('link', { name: 'About Us' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^About/ })).toBeVisible();
    await page.getByRole('link', { name: 'Shop' }).first().click();
    await expect(page.getByRole('heading', { name: 'Explore Our Shop' })).toBeVisible();
    await networkSettled(page);
    expect(asked).toEqual(['FooterVenue', 'AboutPageVenue']);
  });

  test('a deep link is served the app (SPA fallback) and the current section is highlighted', async ({ page }) => {
    const response = await page.goto('/about');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'About Checkpoint' })).toBeVisible();
    // The venue's phone is a link a phone can dial, on the page as in the footer.
    await expect(page.getByRole('main').getByRole('link', { name: '+1 (718) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+17185550142',
    );
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Shop' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('a page whose chunk cannot be fetched offline says it could not be loaded, and comes back with a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await networkSettled(page);
    await context.setOffline(true);
    await page.getByRole('banner').getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(page.getByText('Check your internet connection, then reload the page.')).toBeVisible();
    // The rest of the app stays: the top bar leads elsewhere.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Shop' })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();
  });

  test('a page whose chunk a deploy replaced says it could not be loaded; one whose code fails says something went wrong', async ({
    page,
  }) => {
    await page.route(/\/assets\/AboutPage-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.route(/\/assets\/MenuPage-[^/]+\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'null.boom;' }),
    );
    await page.goto('/');
    await networkSettled(page);
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await banner.getByRole('link', { name: 'Bar Menu' }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  });

  test('an unknown page shows the not-found page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Checkpoint');
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Book a Session' }).first()).toBeVisible();
    await expect(page).toHaveTitle('Checkpoint');
  });

  test("the tab's title names the page, and follows each navigation", async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('About Us · Checkpoint');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [link, title] of [
      ['Shop', 'Shop · Checkpoint'],
      ['Bar Menu', 'Bar Menu · Checkpoint'],
      ['Booking', 'Booking · Checkpoint'],
    ]) {
      await nav.getByRole('link', { name: link }).click();
      await expect(page).toHaveTitle(title);
    }
    await page.goto('/checkout'); // a guest is sent to log in: the title says where they are
    await expect(page).toHaveURL(/\/login/);
    await expect(page).toHaveTitle('Login · Checkpoint');
  });

  test('the theme starts light, and the switch persists dark across a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/light/);
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('themeMode'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true');
  });

  test('on a phone the links live in a 240 px drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBeCloseTo(240, 0);
    // The close button, drawn in the top corner, is the first Tab stop; the links follow in order.
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(drawer.getByRole('link', { name: 'Booking' })).toBeFocused();
    await drawer.getByRole('link', { name: 'Bar Menu' }).click();
    await expect(page).toHaveURL('/menu');
    await expect(drawer).toBeHidden();
  });

  test("from the small breakpoint up the links are in the top bar: on a tablet an admin's take a row of their own", async ({
    page,
  }) => {
    await openAs(page, ADMIN);
    for (const width of [480, 768]) {
      await page.setViewportSize({ width, height: 1000 });
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Playground' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Logout' })).toBeInViewport();
      // below the logo's row, not beside it
      const logo = await page.getByRole('link', { name: 'Checkpoint home' }).boundingBox();
      expect((await nav.boundingBox())!.y).toBeGreaterThanOrEqual(logo!.y + logo!.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The keyboard goes through the first row, then the links' row: the links come after Logout in the page.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const logout = [...document.querySelectorAll('header a')].find((a) => a.textContent === 'Logout');
            const links = document.querySelector('header nav[aria-label="Main"]');
            return !!logout && !!links && !!(logout.compareDocumentPosition(links) & Node.DOCUMENT_POSITION_FOLLOWING);
          }),
        )
        .toBe(true);
    }
    // just below it, a phone: the drawer
    await page.setViewportSize({ width: 479, height: 1000 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Playground' })).toBeVisible();
    // turned to landscape: the links are in the bar, and the drawer goes
    await page.setViewportSize({ width: 800, height: 375 });
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // the keyboard is on the page's content, not lost with the hidden menu button
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('a 60-character username is cut with an ellipsis: Logout stays in view, nothing scrolls sideways and every link keeps to one line', async ({
    page,
  }) => {
    await openAs(page, ADMIN);
    const name = 'x'.repeat(60);
    await page.evaluate((username) => {
      const user = JSON.parse(localStorage.getItem('user')!);
      localStorage.setItem('user', JSON.stringify({ ...user, username }));
    }, name);
    for (const width of [1280, 1024, 800, 480]) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      await expect(page.getByRole('link', { name: 'Logout' })).toBeInViewport();
      await expect(page.getByRole('link', { name })).toHaveAttribute('title', name);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (await nav.isVisible()) {
        const heights = await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.clientHeight));
        expect(heights, `one line each at ${width} px`).toEqual(heights.map(() => heights[0]));
      }
    }
  });

  test("the first Tab offers to skip the top bar, and Enter takes the keyboard to the page's content", async ({
    page,
  }) => {
    await page.goto('/shop');
    await expect(page.getByTestId('opening-hours')).toBeVisible();
    await expect(page.getByRole('searchbox')).toBeVisible(); // the page itself has come, with something to Tab to
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL('/shop');
    await page.keyboard.press('Tab'); // the next stop is in the page, not the top bar
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
  });

  test("a route change takes the keyboard to the new page's content, not back to the top bar", async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByTestId('opening-hours')).toBeVisible();
    const shop = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' });
    await shop.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/shop');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
    // Back in history, the same
    await page.goBack();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test("a link followed before the first page's chunk has arrived still takes the keyboard to the new page", async ({
    page,
  }) => {
    // The footer (with the hours) is in the shell; the about page's own chunk is held back until the test moves on.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/AboutPage-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await expect(page.getByTestId('opening-hours')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0); // the about page is not there yet
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/shop');
    await expect(page.getByRole('main')).toBeFocused();
    release();
  });

  test('a keyboard user reaches the cart through its icon: the focus stays on it and Enter opens the cart', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByTestId('opening-hours')).toBeVisible();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    for (let i = 0; i < 15 && !/^Cart, /.test(await focused()); i++) await page.keyboard.press('Tab');
    expect(await focused()).toMatch(/^Cart, \d+ items?$/);
    await page.waitForTimeout(500); // nothing swaps the link under the focus
    expect(await focused()).toMatch(/^Cart, \d+ items?$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/cart');
    await expect(page.getByTestId('cart-preview')).toHaveCount(0);
  });

  test("the app's scripts come precompressed, in the smallest encoding the browser accepts", async ({ baseURL }) => {
    // Raw bytes through node:http: Playwright's and fetch's clients would decode the body behind our back.
    const raw = (path: string, acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(new URL(path, baseURL), { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const html = (await raw('/', 'identity')).body.toString();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);

    const plain = await raw(entry!, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw(entry!, 'gzip, deflate, br, zstd');
    const gz = await raw(entry!, 'gzip, deflate');
    expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
    for (const { headers } of [plain, br, gz]) {
      expect(headers['content-type']).toMatch(/^text\/javascript/);
      expect(headers['cache-control']).toContain('immutable');
      expect(headers.vary).toMatch(/Accept-Encoding/i);
    }
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(gz.body.length);
    // Files sent as they are on disk, not compressed on the fly (which has no length up front).
    expect([Number(br.headers['content-length']), Number(gz.headers['content-length'])]).toEqual([
      br.body.length,
      gz.body.length,
    ]);

    // A path that does not decode is a client error in JSON, as everywhere.
    const malformed = await raw('/assets/%E0%A4%A.js', 'br');
    expect(malformed.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(malformed.body.toString())).toMatchObject({ message: 'Malformed URL.' });
  });

  test('the API answers for itself: readiness, JSON 404 and the GraphQL depth limit', async ({ request }) => {
    expect((await request.get('/readyz')).status()).toBe(200);
    const missing = await request.get('/api/x');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ message: expect.any(String) });

    let selection = 'name';
    for (let level = 0; level < 6; level++) selection = `fields { type { ${selection} } }`;
    const refused = await request.post('/graphql', { data: { query: `{ __type(name: "Venue") { ${selection} } }` } });
    const body = (await refused.json()) as { errors?: { message: string }[]; data?: unknown };
    expect(body.errors?.[0]?.message).toMatch(/depth/i);
    expect(body.data).toBeUndefined();
  });
});
