import { expect, firstOrder, networkSettled, test, variablesAsked } from './fixtures';
import { openAs, PLAYER } from './demo-logins';

test.describe('customer lists in the URL', () => {
  test('Order History: a page survives a reload, and Back steps back to the first', async ({ page }) => {
    // The list's requests, by their variables: each page turn asks once.
    const asked = variablesAsked(page, 'OrderHistoryOrders');
    await openAs(page, PLAYER, '/profile?tab=orders');
    const pageButton = (n: number) => page.getByRole('button', { name: `Page ${n}`, exact: true });
    await expect(page.getByRole('article').first()).toBeVisible();
    await networkSettled(page);
    const firstPageFirst = await firstOrder(page);

    await pageButton(2).click();
    await expect(page).toHaveURL('/profile?tab=orders&mypage=2');
    await expect(pageButton(2)).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => firstOrder(page)).not.toBe(firstPageFirst);
    await networkSettled(page);
    const secondPageFirst = await firstOrder(page);
    expect(asked.filter((v) => v === '{"page":2}')).toHaveLength(1);

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Order History' })).toHaveAttribute('aria-selected', 'true');
    await expect(pageButton(2)).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => firstOrder(page)).toBe(secondPageFirst);

    await page.goBack();
    await expect(page).toHaveURL('/profile?tab=orders');
    await expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => firstOrder(page)).toBe(firstPageFirst);
  });

  test('My Bookings: a tab and a page survive a reload, the panel open, and Back steps back', async ({ page }) => {
    await openAs(page, PLAYER, '/booking');
    const panel = page.getByRole('button', { name: 'View previous reservations' });
    await panel.click();
    const past = page.getByRole('tab', { name: 'Completed / Cancelled' });
    const rows = page.getByRole('table', { name: 'My bookings' }).getByRole('row');
    const pageButton = (n: number) =>
      page
        .getByRole('navigation', { name: 'My bookings pages' })
        .getByRole('button', { name: `Page ${n}`, exact: true });
    // The first booking listed (its date and times), which tells one page from another.
    const firstRow = () => rows.nth(1).textContent();

    await past.click();
    await expect(page).toHaveURL('/booking?mine=past');
    await expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
    await networkSettled(page);
    const firstPageFirst = await firstRow();

    await pageButton(2).click();
    await expect(page).toHaveURL('/booking?mine=past&mypage=2');
    await expect.poll(firstRow).not.toBe(firstPageFirst);
    await networkSettled(page);
    const secondPageFirst = await firstRow();

    await page.reload();
    await expect(panel).toHaveAttribute('aria-expanded', 'true');
    await expect(past).toHaveAttribute('aria-selected', 'true');
    await expect(pageButton(2)).toHaveAttribute('aria-current', 'page');
    await expect.poll(firstRow).toBe(secondPageFirst);

    await page.goBack();
    await expect(page).toHaveURL('/booking?mine=past');
    await expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
    await expect.poll(firstRow).toBe(firstPageFirst);

    await page.goBack();
    await expect(page).toHaveURL('/booking');
    await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
  });
});
