import { expect, firstOrder, networkSettled, test, variablesAsked } from './fixtures';
import { ADMIN, openAs } from './demo-logins';

test.describe('admin lists in the URL', () => {
  test('All orders: a filter and a page survive a reload, and Back steps back through them', async ({ page }) => {
    // The list's requests, by their variables: each page turn asks once.
    const asked = variablesAsked(page, 'AllOrdersList');
    await openAs(page, ADMIN, '/profile?tab=all-orders');
    const status = page.getByLabel('Status');
    const pageButton = (n: number) => page.getByRole('button', { name: `Page ${n}`, exact: true });
    await expect(page.getByRole('article').first()).toBeVisible();

    // delivered: most of the demo history at any hour (how many are still unpaid depends on the time of day)
    await status.selectOption('delivered');
    await expect(page).toHaveURL('/profile?tab=all-orders&status=delivered');
    await expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
    await networkSettled(page);
    const deliveredFirst = await firstOrder(page);

    await pageButton(2).click();
    await expect(page).toHaveURL('/profile?tab=all-orders&status=delivered&page=2');
    await expect(pageButton(2)).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => firstOrder(page)).not.toBe(deliveredFirst);
    await networkSettled(page);
    const secondPageFirst = await firstOrder(page);
    expect(asked.filter((v) => v.includes('"status":"delivered","page":2'))).toHaveLength(1);

    await page.reload();
    await expect(page.getByRole('tab', { name: 'All orders' })).toHaveAttribute('aria-selected', 'true');
    await expect(status).toHaveValue('delivered');
    await expect(pageButton(2)).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => firstOrder(page)).toBe(secondPageFirst);

    await page.goBack();
    await expect(page).toHaveURL('/profile?tab=all-orders&status=delivered');
    await expect(status).toHaveValue('delivered');
    await expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => firstOrder(page)).toBe(deliveredFirst);

    await page.goBack();
    await expect(page).toHaveURL('/profile?tab=all-orders');
    await expect(status).toHaveValue('all');
  });

  test('All reservations: a filter and a sort survive a reload, the list open', async ({ page }) => {
    await openAs(page, ADMIN, '/booking');
    await page.getByRole('button', { name: 'All reservations' }).click();
    const table = page.getByRole('table', { name: 'All reservations' });
    await page.getByLabel('Status', { exact: true }).selectOption('Completed');
    await expect(page).toHaveURL('/booking?status=completed');
    await table.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
    await expect(page).toHaveURL('/booking?status=completed&sort=email&dir=ASC');

    await page.reload();
    await expect(page.getByRole('button', { name: 'All reservations' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('completed');
    await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByText('COMPLETED').first()).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL('/booking?status=completed');
    await expect(table.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
  });
});
