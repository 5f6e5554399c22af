import type { APIRequestContext } from '@playwright/test';
import { expect, networkSettled, test } from './fixtures';
import { ADMIN, apiLogin, openAs, PLAYER } from './demo-logins';

async function gql<T>(request: APIRequestContext, query: string, variables = {}, token?: string): Promise<T> {
  const response = await request.post('/graphql', {
    data: { query, variables },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

/** The player buys something today (cash), so today's reports have a sale to show. */
async function placeCashOrder(request: APIRequestContext) {
  const login = await apiLogin(request, PLAYER);
  const { products } = await gql<{ products: { items: { id: string; inStock: boolean }[] } }>(
    request,
    '{ products(pageSize: 50) { items { id inStock } } }',
  );
  const product = products.items.find((p) => p.inStock)!;
  await gql(
    request,
    'mutation ($id: ID!) { addToCart(productId: $id, quantity: 1) { itemCount } }',
    { id: product.id },
    login.token,
  );
  await gql(
    request,
    `mutation ($d: OrderDetailInput!) { placeOrder(orderDetail: $d, paymentMethod: Cash) { id } }`,
    {
      d: {
        fullName: 'Report Reader',
        email: 'player@checkpoint.local',
        phone: '555 0100',
        address: '1 Elm St',
        city: 'Brooklyn',
        zip: '11211',
      },
    },
    login.token,
  );
}

const PLAYGROUND_CHUNK = /PlaygroundPage|monaco|graphiql|\.worker/i;

test.describe.configure({ mode: 'serial' });

test.describe('staff reports', () => {
  test.beforeAll(async ({ request }) => {
    await placeCashOrder(request);
  });

  test('an admin runs a saved report in the playground, whose chunk the home page never loads', async ({ page }) => {
    // The playground's editor (Monaco, about 700 kB gzip) loads and starts here: on a busy 2-CPU machine that alone
    // has taken most of a minute, within the browser tests' time per test (e2e/playwright.config.ts).
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));

    await openAs(page, ADMIN); // a full load of the home page, signed in
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }),
    ).toBeVisible();
    await networkSettled(page);
    expect(requested.filter((url) => PLAYGROUND_CHUNK.test(url))).toEqual([]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playground' }).click();
    await expect(page).toHaveURL('/playground');
    await expect(page.getByRole('heading', { name: 'Reporting playground' })).toBeVisible();
    expect(requested.some((url) => /PlaygroundPage/.test(url))).toBe(true);

    const playground = page.getByTestId('playground');
    await expect(playground.getByRole('tab')).toHaveCount(5);
    await expect(playground.locator('.graphiql-query-editor')).toContainText('query SalesByDay');
    await expect(playground.locator('.graphiql-editor-tool')).toContainText('groupBy');
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('SalesByDay'),
    );
    await playground.getByRole('button', { name: /Execute query/ }).click();
    // it says it comes from the playground, where the gateway runs no mutation
    expect((await answer).request().headers()['x-checkpoint-playground']).toBe('1');
    const body = await (await answer).json();
    expect(body.errors).toBeUndefined();
    expect(body.data.salesReport.totals.orders).toBeGreaterThanOrEqual(1);
    await expect(playground.locator('.graphiql-response')).toContainText('grossRevenue');

    // Opened again (nothing edited), the report still has its dates and runs.
    await page.reload();
    await expect(playground.locator('.graphiql-query-editor')).toContainText('query SalesByDay');
    await expect(playground.locator('.graphiql-editor-tool')).toContainText('groupBy');
    await expect(playground.getByRole('tab')).toHaveCount(5);
    const again = page.waitForResponse(
      (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('SalesByDay'),
    );
    await playground.getByRole('button', { name: /Execute query/ }).click();
    expect((await (await again).json()).errors).toBeUndefined();
    // So does another tab left active
    await playground.getByRole('tab', { name: 'LowStock' }).click();
    await expect(playground.locator('.graphiql-editor-tool')).toContainText('threshold');
    // GraphiQL keeps its tabs half a second after a change
    const keptActiveTab = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('graphiql:tabState') ?? '{}').activeTabIndex);
    await expect.poll(keptActiveTab).toBe(3);
    await page.reload();
    await expect(playground.locator('.graphiql-query-editor')).toContainText('query LowStock');
    await expect(playground.locator('.graphiql-editor-tool')).toContainText('threshold');
    await expect(playground.getByRole('tab')).toHaveCount(5);

    // GraphiQL keeps the admin's own tabs; "Restore the saved reports" puts the saved ones back.
    await playground.getByRole('button', { name: 'Close Tab' }).first().click();
    await expect(playground.getByRole('tab')).toHaveCount(4);
    await page.getByRole('button', { name: 'Restore the saved reports' }).click();
    await expect(playground.getByRole('tab')).toHaveCount(5);
    await expect(playground.locator('.graphiql-query-editor')).toContainText('query SalesByDay');
    await expect(playground.locator('.graphiql-editor-tool')).toContainText('groupBy');
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
  });

  test('on a phone the playground shows the answer under the editors, within the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAs(page, ADMIN, '/playground');
    const playground = page.getByTestId('playground');
    // the editors filled in (a run before has nothing to send)
    await expect(playground.locator('.graphiql-query-editor')).toContainText('query SalesByDay');
    await expect(playground.locator('.graphiql-editor-tool')).toContainText('"from"');
    await playground.getByRole('button', { name: /Execute query/ }).click();
    const response = playground.locator('.graphiql-response');
    await expect(response).toContainText('grossRevenue');
    const [editors, answer, frame] = await Promise.all(
      [playground.locator('.graphiql-editors'), response, playground].map(async (l) => (await l.boundingBox())!),
    );
    expect(answer.y).toBeGreaterThanOrEqual(editors.y + editors.height - 1);
    expect(answer.x + answer.width).toBeLessThanOrEqual(frame.x + frame.width);
    expect(answer.width).toBeGreaterThan(240);
    expect(editors.width).toBeGreaterThan(240);
  });

  test('an admin sees the charts on /reports', async ({ page }) => {
    await openAs(page, ADMIN);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL('/reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sales over time' })).toBeVisible();
    await expect(page.getByTestId('sales-chart').locator('.recharts-area-curve')).toBeVisible();
    await expect(page.getByTestId('top-products-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
    // each chart is a named tab stop (its arrow keys walk the tooltip), not a nameless one inside an image
    for (const chart of ['Sales over time', 'Top products']) {
      await expect(page.getByRole('application', { name: chart })).toHaveAttribute('tabindex', '0');
    }
    await expect(
      page.getByRole('grid', { name: 'Station occupancy by weekday and hour' }).getByRole('gridcell'),
    ).toHaveCount(7 * 14); // the opening hours, 10 to 23
    await expect(page.getByRole('gridcell', { name: /^Mon 10:00, \d+% booked$/ })).toBeVisible();

    await page.getByLabel('Group by').selectOption('WEEK');
    await expect(page).toHaveURL(/groupBy=WEEK/);
    await expect(page.getByTestId('sales-chart').locator('.recharts-area-curve')).toBeVisible();
  });

  test('a date typed digit by digit into From and To is taken whole, then the range follows it', async ({ page }) => {
    await openAs(page, ADMIN, '/reports?from=2026-10-01&to=2026-10-31');
    const from = page.getByLabel('From', { exact: true });
    await from.focus(); // on its month
    await page.keyboard.type('09012026', { delay: 60 });
    await expect(from).toHaveValue('2026-09-01');
    const to = page.getByLabel('To', { exact: true });
    await to.focus();
    await page.keyboard.type('09302026', { delay: 60 });
    await expect(to).toHaveValue('2026-09-30');
    await expect(page).toHaveURL('/reports?from=2026-09-01&to=2026-09-30');
    await expect(page.getByText(/Please enter/)).toHaveCount(0);
  });

  test('the keyboard walks the occupancy map, the focused hour ringed and read out under it', async ({ page }) => {
    await openAs(page, ADMIN, '/reports');
    await page.getByRole('application', { name: 'Top products' }).focus();
    await page.keyboard.press('Tab'); // the map is the next tab stop, and one only
    const first = page.getByRole('gridcell', { name: /^Mon 10:00, \d+% booked$/ });
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    const last = page.getByRole('gridcell', { name: /^Tue 23:00, \d+% booked$/ });
    await expect(last).toBeFocused();
    await expect(last).toHaveCSS('outline-style', 'solid');
    const percent = /(\d+)% booked$/.exec((await last.getAttribute('aria-label'))!)![1];
    await expect(last).toHaveText(percent);
    await expect(page.getByText(`Tuesday 23:00: ${percent}% booked`, { exact: true })).toBeVisible();
  });

  test('a date field keeps its focus ring while the keyboard is on its calendar button', async ({ page }) => {
    await openAs(page, ADMIN, '/reports');
    const from = page.getByLabel('From', { exact: true });
    const ring = () =>
      from.evaluate((field) => {
        const { outlineStyle, outlineWidth, outlineColor, borderColor } = getComputedStyle(field);
        return { outlineStyle, outlineWidth, outlineColor, borderColor };
      });
    await from.focus(); // on the month
    const onTheDigits = await ring();
    expect(onTheDigits).toMatchObject({ outlineStyle: 'solid', outlineWidth: '1px' });
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab'); // the day, the year, then the button
    // Chromium: the button is inside the field, which is then :focus-within but not :focus
    expect(await from.evaluate((field) => field.matches(':focus-within:not(:focus)'))).toBe(true);
    expect(await ring()).toEqual(onTheDigits);
  });

  test.describe('from a browser a day ahead of the venue', () => {
    test.use({ timezoneId: 'Pacific/Kiritimati' }); // UTC+14: the venue's (New York) yesterday or day before
    test("the default range is the venue's last 30 days", async ({ page }) => {
      const venueToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
      const day = new Date(`${venueToday}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() - 29);
      await openAs(page, ADMIN, '/reports');
      await expect(page.getByLabel('To', { exact: true })).toHaveValue(venueToday);
      await expect(page.getByLabel('From', { exact: true })).toHaveValue(day.toISOString().slice(0, 10));
    });
  });

  test('a customer is sent away from both pages, without fetching them, and sees no staff links', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await openAs(page, PLAYER);
    await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Playground' })).toHaveCount(0);
    await page.goto('/playground');
    await expect(page).toHaveURL('/');
    await page.goto('/reports');
    await expect(page).toHaveURL('/');
    expect(requested.filter((url) => PLAYGROUND_CHUNK.test(url) || /ReportsPage/.test(url))).toEqual([]);
  });
});
