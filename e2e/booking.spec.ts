import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { acceptConfirm, expect, loseAnswers, test } from './fixtures';
import { ADMIN, openAs, PLAYER, submitLogin } from './demo-logins';

/** A slot some days ahead, so it is upcoming whatever the time of day the suite runs. */
const day = new Date(Date.now() + 5 * 24 * 3600 * 1000);
const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

const bookingRow = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: date }).filter({ hasText: '14:00' });

test.describe.configure({ mode: 'serial' });

test.describe('booking', () => {
  test('a guest logs in through the prompt, books a slot, sees it in Upcoming, cancels it', async ({ page }) => {
    await page.goto('/booking');
    await expect(page.getByRole('heading', { name: /Book Your Gaming Experience/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reserve a new seesion' })).toBeVisible();
    await expect(page.getByText('Login now to reserve your prefered gaming session')).toBeVisible();
    await expect(page.getByRole('button', { name: 'View previous reservations' })).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Fbooking');

    await submitLogin(page, PLAYER);
    await expect(page).toHaveURL('/booking');
    // the page as a signed-in customer sees it (their own list, rendered with the admin's list if there were one)
    await expect(page.getByRole('form', { name: 'Booking form' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View previous reservations' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'All reservations' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Stations' })).toHaveCount(0);

    const form = page.getByRole('form', { name: 'Booking form' });
    await expect(form.getByLabel('Session type')).toHaveValue('VR');
    await form.getByLabel('Session type').selectOption('PC');
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Start time').fill('15:00');
    await form.getByLabel('End time').fill('14:00');
    await form.getByRole('button', { name: 'Check Availability' }).click();
    await expect(form.getByText('Start time must be earlier than end time.')).toBeVisible();

    await form.getByLabel('Start time').fill('14:00');
    await form.getByLabel('End time').fill('15:00');
    await expect(form.getByText('Start time must be earlier than end time.')).toBeHidden();
    // By keyboard: each busy button would drop the focus on the page; it goes on to the next step instead.
    await form.getByRole('button', { name: 'Check Availability' }).focus();
    await page.keyboard.press('Enter');
    await expect(form.getByText(/stations? free for this slot/)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Confirm Booking' })).toBeFocused();
    await page.keyboard.press('Enter');
    const confirmed = form.getByText('Booking confirmed!');
    await expect(confirmed).toBeVisible();
    const shownAt = Date.now();
    // the count of free stations the check gave is out of date once booked
    await expect(form.getByText(/stations? free for this slot/)).toBeHidden();
    await expect(form.getByRole('button', { name: 'Check Availability' })).toBeFocused();
    // Spec §4: the message stays for 3 s (still there 1 s after it showed; the exact 3 s is pinned in the unit
    // test, a busy browser run gets a margin here)...
    await page.waitForTimeout(Math.max(0, shownAt + 1_000 - Date.now()));
    await expect(confirmed).toBeVisible({ timeout: 100 });
    // ...then it and the availability reset: the check's result does not come back (no free stations, no Confirm
    // Booking), and the form is ready for another check.
    await expect(confirmed).toBeHidden({ timeout: 3_500 });
    await expect(form.getByRole('button', { name: 'Confirm Booking' })).toHaveCount(0);
    await expect(form.getByText(/stations? free for this slot/)).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Check Availability' })).toBeEnabled();

    await page.getByRole('button', { name: 'View previous reservations' }).click();
    await expect(page.getByRole('heading', { name: 'My Bookings', exact: true })).toBeVisible();
    const row = bookingRow(page, 'My bookings');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('PC');
    await expect(row).toContainText('UPCOMING');

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Add to calendar/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('booking.ics');
    const ics = readFileSync(await file.path(), 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');

    await acceptConfirm(page, 'Are you sure you want to cancel this reservation?', () =>
      row.getByRole('button', { name: 'Cancel' }).click(),
    );
    await expect(row).toHaveCount(0);
    // The Cancel button went with its row: the keyboard stays in the list rather than falling to the page.
    await expect(page.getByRole('group', { name: 'My bookings', exact: true })).toBeFocused();

    await page.getByRole('tab', { name: 'Completed / Cancelled' }).click();
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('CANCELLED');
  });

  test('an admin filters, searches, sorts and deletes reservations', async ({ page }) => {
    await page.goto('/login?redirect=%2Fbooking');
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL('/booking');
    await page.getByRole('button', { name: 'All reservations' }).click();
    await expect(page.getByRole('heading', { name: 'All Reservations', exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'All reservations' });
    const row = bookingRow(page, 'All reservations');

    await page.getByLabel('Status', { exact: true }).selectOption('Cancelled');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('player@checkpoint.local');
    await expect(table.getByText('UPCOMING')).toHaveCount(0);

    await page.getByLabel('Search by name, email or session type').fill('player@checkpoint');
    await expect(row).toHaveCount(1);
    await page.getByLabel('Search by name, email or session type').fill('nobody-matches-this');
    await expect(page.getByText('No reservations found.')).toBeVisible();
    await page.getByLabel('Search by name, email or session type').fill('player');
    await expect(row).toHaveCount(1);

    const dateHeader = table.getByRole('columnheader', { name: 'Date' });
    await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    await dateHeader.getByRole('button').click();
    await expect(table.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'ascending');
    await table.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
    await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'none');
    await expect(row).toHaveCount(1);

    await acceptConfirm(page, 'Are you sure you want to delete this reservation?', () =>
      row.getByRole('button', { name: 'Delete' }).click(),
    );
    await expect(row).toHaveCount(0);
    await page.getByLabel('Status', { exact: true }).selectOption('All');
    await expect(
      page.getByRole('table', { name: 'All reservations' }).or(page.getByText('No reservations found.')),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("an admin's own booking shows in All reservations at once, and deleting it there leaves My Bookings too", async ({
    page,
  }) => {
    await openAs(page, ADMIN, '/booking');
    await page.getByRole('button', { name: 'All reservations' }).click();
    await page.getByLabel('Search by name, email or session type').fill('admin@checkpoint');
    const theirs = page
      .getByRole('table', { name: 'All reservations' })
      .getByRole('row')
      .filter({ hasText: date })
      .filter({ hasText: '20:00' });
    await expect(
      page.getByText('No reservations found.').or(page.getByRole('table', { name: 'All reservations' })),
    ).toBeVisible();
    await expect(theirs).toHaveCount(0);

    const form = page.getByRole('form', { name: 'Booking form' });
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Start time').fill('20:00');
    await form.getByLabel('End time').fill('21:00');
    await form.getByRole('button', { name: 'Check Availability' }).click();
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(form.getByText('Booking confirmed!')).toBeVisible();
    // The open admin list reloads with the new booking, as My Bookings does.
    await expect(theirs).toHaveCount(1);

    await page.getByRole('button', { name: 'View previous reservations' }).click();
    const mine = page.getByRole('table', { name: 'My bookings' }).getByRole('row').filter({ hasText: '20:00' });
    await expect(mine).toHaveCount(1);
    await acceptConfirm(page, 'Are you sure you want to delete this reservation?', () =>
      theirs.getByRole('button', { name: 'Delete' }).click(),
    );
    await expect(theirs).toHaveCount(0);
    // My Bookings reloads too: its empty state, not a table left with headers and no rows.
    await expect(page.getByText('No bookings found.')).toBeVisible();
  });

  test('a confirm whose answer was lost after the server booked it says Booking confirmed!, and books once', async ({
    page,
  }) => {
    await openAs(page, ADMIN, '/booking');
    const lost = await loseAnswers(page, 'BookingFormCreate'); // acted on, then the answer is lost
    const form = page.getByRole('form', { name: 'Booking form' });
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Start time').fill('11:00');
    await form.getByLabel('End time').fill('12:00');
    await form.getByRole('button', { name: 'Check Availability' }).click();
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(form.getByText('Booking confirmed!')).toBeVisible();
    await expect(page.getByText('Failed to confirm booking.')).toHaveCount(0);
    expect(lost()).toBe(1);

    await page.getByRole('button', { name: 'View previous reservations' }).click();
    const mine = page
      .getByRole('table', { name: 'My bookings' })
      .getByRole('row')
      .filter({ hasText: date })
      .filter({ hasText: '11:00' });
    await expect(mine).toHaveCount(1);
    await acceptConfirm(page, 'Are you sure you want to cancel this reservation?', () =>
      mine.getByRole('button', { name: 'Cancel' }).click(),
    );
    await expect(mine).toHaveCount(0);
  });

  test('an admin adds, renames and switches off stations; with none of a type in service, a check says so', async ({
    page,
  }) => {
    await openAs(page, ADMIN, '/booking');
    await page.getByRole('button', { name: 'Stations' }).click();
    const add = page.getByRole('form', { name: 'Add a station' });
    const other = page.getByRole('region', { name: /^Other · / });
    const count = async () => Number((await other.getByRole('heading').innerText()).match(/of (\d+) in service/)?.[1]);
    await expect(other).toHaveAccessibleName(/^Other · (\d+) of \1 in service$/);
    const before = await count(); // the seeded 4, or more after an earlier run on this server
    const name = `Pinball ${Date.now().toString(36)}`;
    const renamed = `Air Hockey ${Date.now().toString(36)}`;

    await add.getByLabel('Session type').selectOption('Other');
    await add.getByRole('button', { name: 'Add station' }).click();
    await expect(add.getByText('A station name has 1 to 60 characters.')).toBeVisible();
    await add.getByLabel('New station name').fill('Other 1');
    await add.getByRole('button', { name: 'Add station' }).click();
    await expect(add.getByText('A station with this name already exists.')).toBeVisible();
    await add.getByLabel('New station name').fill(name.replace(' ', '  ')); // the server makes the spaces one
    // By keyboard: the button, busy meanwhile, takes the focus back once the station is added.
    await add.getByRole('button', { name: 'Add station' }).focus();
    await page.keyboard.press('Enter');
    await expect(other).toHaveAccessibleName(`Other · ${before + 1} of ${before + 1} in service`);
    await expect(other.getByText(name, { exact: true })).toBeVisible();
    await expect(add.getByLabel('New station name')).toHaveValue('');
    await expect(add.getByRole('button', { name: 'Add station' })).toBeFocused();

    await other.getByRole('button', { name: `Rename ${name}` }).click();
    const rename = other.getByLabel(`New name for ${name}`);
    await expect(rename).toBeFocused();
    await rename.fill(renamed);
    await rename.press('Enter');
    await expect(other.getByText(renamed, { exact: true })).toBeVisible();
    await expect(other.getByRole('button', { name: `Rename ${renamed}` })).toBeFocused();

    const names = await other
      .getByRole('listitem')
      .evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent ?? ''));
    expect(names).toContain(renamed);
    try {
      for (const station of names) {
        const off = other.getByRole('button', { name: `Switch off ${station}`, exact: true });
        // By keyboard: the switch, busy meanwhile, keeps the focus once it has switched.
        await off.focus();
        await page.keyboard.press('Enter');
        await expect(other.getByRole('button', { name: `Switch on ${station}`, exact: true })).toBeFocused();
      }
      await expect(other).toHaveAccessibleName(`Other · 0 of ${before + 1} in service`);
      const form = page.getByRole('form', { name: 'Booking form' });
      await form.getByLabel('Session type').selectOption('Other');
      await form.getByLabel('Date').fill(date);
      await form.getByLabel('Start time').fill('16:00');
      await form.getByLabel('End time').fill('17:00');
      await form.getByRole('button', { name: 'Check Availability' }).click();
      await expect(form.getByText('No Other station is in service at the moment.')).toBeVisible();
      await expect(form.getByRole('button', { name: 'Confirm Booking' })).toHaveCount(0);
    } finally {
      // Other tests of this worker's server book as they please: every Other station back in service.
      for (const station of names) {
        const on = other.getByRole('button', { name: `Switch on ${station}`, exact: true });
        if ((await on.count()) === 0) continue;
        await on.click();
        await expect(other.getByRole('button', { name: `Switch off ${station}`, exact: true })).toBeVisible();
      }
    }
    await expect(other).toHaveAccessibleName(`Other · ${before + 1} of ${before + 1} in service`);
  });
});

/** The date at `instant` in `timeZone`, YYYY-MM-DD. */
const dateIn = (timeZone: string, instant = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);
const VENUE_ZONE = 'America/New_York'; // the default VENUE_TIMEZONE the e2e server runs with
// A browser zone whose date differs from the venue's right now: 14 h ahead of UTC, or 11 h behind early in the venue's day.
const farZone = dateIn('Pacific/Kiritimati') !== dateIn(VENUE_ZONE) ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';

test.describe('booking from another time zone', () => {
  test.use({ timezoneId: farZone });

  test("the form's earliest date is the venue's today, not the browser's", async ({ page }) => {
    expect(dateIn(farZone)).not.toBe(dateIn(VENUE_ZONE));
    await openAs(page, PLAYER, '/booking');
    const dateField = page.getByRole('form', { name: 'Booking form' }).getByLabel('Date');
    await expect(dateField).toHaveAttribute('min', dateIn(VENUE_ZONE));
  });
});
