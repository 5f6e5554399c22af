import type { Page } from '@playwright/test';
import { acceptConfirm, expect, test } from './fixtures';
import { ADMIN, openAs, PLAYER } from './demo-logins';
import { png } from './test-image';

/** A slot some days ahead, so it is upcoming whatever the time of day the suite runs. */
const day = new Date(Date.now() + 6 * 24 * 3600 * 1000);
const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const bookingCard = (page: Page, list: string) =>
  page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: date }).filter({ hasText: '16:00' });

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test.describe('booking lists on a 375 px phone', () => {
  test('a player books a slot, sees it as a card with its Cancel button, and cancels it; nothing scrolls sideways', async ({
    page,
  }) => {
    await openAs(page, PLAYER, '/booking');
    const form = page.getByRole('form', { name: 'Booking form' });
    await form.getByLabel('Session type').selectOption('PC');
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Start time').fill('16:00');
    await form.getByLabel('End time').fill('17:30');
    await form.getByRole('button', { name: 'Check Availability' }).click();
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(form.getByText('Booking confirmed!')).toBeVisible();

    await page.getByRole('button', { name: 'View previous reservations' }).click();
    await expect(page.getByRole('table', { name: 'My bookings' })).toBeHidden();
    const card = bookingCard(page, 'My bookings');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('16:00–17:30 · PC');
    await expect(card).toContainText('UPCOMING');
    const cancel = card.getByRole('button', { name: 'Cancel' });
    await cancel.scrollIntoViewIfNeeded(); // below the seeded sessions; on screen once scrolled to, not cut off sideways
    await expect(cancel).toBeInViewport();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);

    await acceptConfirm(page, 'Are you sure you want to cancel this reservation?', () => cancel.click());
    await expect(card).toHaveCount(0);
    await page.getByRole('tab', { name: 'Completed / Cancelled' }).click();
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('CANCELLED');
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });

  test('an admin deletes a reservation from its card and sorts with the phone controls', async ({ page }) => {
    await openAs(page, ADMIN, '/booking');
    await page.getByRole('button', { name: 'All reservations' }).click();
    await expect(page.getByRole('table', { name: 'All reservations' })).toBeHidden();
    await page.getByLabel('Search by name, email or session type').fill('player');
    // Newest first by default: the session booked days ahead is on the first page, above the demo history.
    const card = bookingCard(page, 'All reservations');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('player@checkpoint.local');
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);

    await acceptConfirm(page, 'Are you sure you want to delete this reservation?', () =>
      card.getByRole('button', { name: 'Delete' }).click(),
    );
    await expect(card).toHaveCount(0);

    // No column headers on a phone: the sort select and the direction toggle drive the same query.
    const sorted = (by: string, direction: string) =>
      page.waitForRequest((request) => {
        const body = request.postDataJSON() as { operationName?: string; variables?: Record<string, unknown> } | null;
        return (
          body?.operationName === 'AllReservationsList' &&
          body.variables?.sortBy === by &&
          body.variables.sortDirection === direction
        );
      });
    const bySessionDesc = sorted('sessionType', 'DESC');
    await page.getByLabel('Sort by').selectOption('Session');
    await bySessionDesc;
    const bySessionAsc = sorted('sessionType', 'ASC');
    await page.getByRole('button', { name: 'Sort direction: descending' }).click();
    await bySessionAsc;
    await expect(page.getByRole('button', { name: 'Sort direction: ascending' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'All reservations' }).getByRole('listitem').first()).toContainText(
      'player',
    );
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });
});

test.describe('a product named with one very long word', () => {
  test('wraps on its page and in the cart, on a phone and on a desktop, rather than widening them', async ({
    page,
    request,
  }) => {
    const login = await request.post('/api/auth/login', { data: ADMIN });
    const { token } = (await login.json()) as { token: string };
    const word = `Supercalifragilistic${'X'.repeat(90)}End`;
    const made = await request.post('/api/products', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        name: word,
        description: 'Word'.repeat(400),
        brand: 'B'.repeat(60),
        price: '20',
        amount: '5',
        category: 'Accessory',
        platform: 'PC',
        images: png('long.png'),
      },
    });
    expect(made.status()).toBe(201);
    const { _id: id } = (await made.json()) as { _id: string };
    try {
      await page.goto(`/products/${id}`);
      await expect(page.getByRole('heading', { name: word })).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.goto('/cart');
      await expect(page.getByRole('link', { name: word })).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/products/${id}`);
      await expect(page.getByRole('heading', { name: word })).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
      // the pictures keep their half of the page
      const picture = await page.getByRole('img', { name: word }).first().boundingBox();
      expect(picture?.width).toBeGreaterThan(300);
    } finally {
      await request.delete(`/api/products/${id}`, { headers: { authorization: `Bearer ${token}` } });
    }
  });
});

test.describe('the bar menu on a 375 px phone', () => {
  test("an admin's Edit Item and Remove Item stay inside every card", async ({ page }) => {
    await openAs(page, ADMIN, '/menu');
    await expect(page.getByRole('button', { name: 'Remove Item' }).first()).toBeVisible();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('article')]
        .filter((card) => card.scrollWidth > card.clientWidth)
        .map((card) => card.getAttribute('aria-label')),
    );
    expect(cut).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });
});

test.describe('the reports on a 375 px phone', () => {
  test('the occupancy heat map shows every opening hour without scrolling sideways', async ({ page }) => {
    await openAs(page, ADMIN, '/reports');
    const map = page.getByTestId('utilization-heat-map');
    const lastHour = map.getByRole('gridcell', { name: /^Sun 23:00, / });
    await expect(lastHour).toBeVisible();
    expect(await map.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
    const { x, width } = (await lastHour.boundingBox())!;
    expect(x + width).toBeLessThanOrEqual(375);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });
});

test.describe('the cart icon on a 375 px phone', () => {
  test('a tap goes to the cart, without the hover preview (a phone cannot hover it away)', async ({ page }) => {
    for (const from of ['/menu', '/shop']) {
      await page.goto(from);
      await expect(page.getByTestId('opening-hours')).toBeVisible();
      await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).tap();
      await expect(page).toHaveURL('/cart');
      await expect(page.getByRole('heading', { name: 'Your Shopping Cart' })).toBeVisible();
      await expect(page.getByTestId('cart-preview')).toHaveCount(0);
    }
  });
});

test.describe("the profile's tabs on a 375 px phone", () => {
  test("an admin's tabs scroll sideways within the strip, the edge with more tabs beyond it faded", async ({
    page,
  }) => {
    await openAs(page, ADMIN, '/profile');
    const strip = page.getByRole('tablist');
    await expect(strip).toHaveAttribute('data-more-after', 'true'); // All orders is beyond the right edge
    await expect(strip).not.toHaveAttribute('data-more-before');
    expect(await strip.evaluate((list) => getComputedStyle(list).maskImage)).toContain('linear-gradient');

    await page.getByRole('tab', { name: 'All orders' }).tap(); // still reachable: tapped, it scrolls into sight
    await expect(page.getByRole('tab', { name: 'All orders' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'All orders' })).toBeInViewport({ ratio: 0.95 }); // all but a subpixel
    await expect(strip).toHaveAttribute('data-more-before', 'true');
    await expect(strip).not.toHaveAttribute('data-more-after');
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });
});

test.describe('on a 320 px screen (a 1280 px window at 400%)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the bar menu's names keep whole words, and a booking card's buttons stay inside the card", async ({ page }) => {
    await page.goto('/menu');
    await expect(page.getByRole('article').first()).toBeVisible();
    // A name broken inside a word (Margher|ita) shows that word in two boxes.
    const brokenWords = await page.getByRole('article').evaluateAll((cards) =>
      cards.flatMap((card) => {
        const title = card.querySelector('h3')!;
        const text = title.firstChild!;
        const range = document.createRange();
        let at = 0;
        return title.textContent!.split(' ').flatMap((word) => {
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          at += word.length + 1;
          return range.getClientRects().length > 1 ? [word] : [];
        });
      }),
    );
    expect(brokenWords).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(320);

    await openAs(page, PLAYER, '/booking');
    await page.getByRole('button', { name: 'View previous reservations' }).click();
    const cards = page.getByRole('list', { name: 'My bookings' }).getByRole('listitem');
    await expect(cards.first().getByRole('button', { name: /^Add to calendar/ })).toBeVisible();
    const outside = await cards.evaluateAll((items) =>
      items
        .flatMap((item) => {
          const edge = item.getBoundingClientRect().right;
          return [...item.querySelectorAll('button')].filter((b) => b.getBoundingClientRect().right > edge);
        })
        .map((button) => button.textContent),
    );
    expect(outside).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(320);
  });
});
