import type { Locator, Page } from '@playwright/test';
import { expect, networkSettled, test } from './fixtures';
import { logIn, PLAYER, submitLogin } from './demo-logins';

/**
 * Opens the dev mailbox until `rows` number `count`: the server sends mail in the background, and the mailbox page
 * shows what had arrived when it was loaded, so it is loaded again until the mail is there.
 */
async function waitForMail(page: Page, rows: Locator, count = 1) {
  await expect(async () => {
    await page.goto('/dev/mailbox');
    expect(await rows.count()).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 15_000 });
}

/** Opens the dev mailbox at the newest mail whose row is `rows`, waiting for one the server sends in the background. */
async function openNewestMail(page: Page, rows: Locator) {
  await waitForMail(page, rows);
  await rows.first().getByRole('link').first().click(); // the mailbox lists the newest first
}

/** Opens the newest mail to `email` in the dev mailbox and follows its confirmation link. */
async function confirmFromMailbox(page: Page, email: string) {
  await openNewestMail(page, page.getByRole('row', { name: new RegExp(email) }));
  await page.getByRole('link', { name: /confirm/i }).click();
  await expect(page.getByText('Email confirmed! You can now log in.')).toBeVisible();
}

test.describe('accounts', () => {
  test('sign up, confirm from the mailbox, log in through a redirect, edit the profile, change the password', async ({
    page,
    request,
  }) => {
    const suffix = Date.now().toString(36);
    const email = `gamer_${suffix}@example.com`;
    const username = `gamer_${suffix}`;

    await page.goto('/signup');
    const submit = page.getByRole('button', { name: 'Sign up', exact: true });
    await expect(submit).toBeDisabled();
    // errors show once a field is touched, and keep submit disabled
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Invalid email format.')).toBeVisible();
    await expect(page.getByText('Username is required.')).toBeHidden();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByText('Registration successful! Please check your email')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    // not confirmed yet: refused, and told why
    await page.goto('/login');
    await submitLogin(page, { email: email, password: 'secret1' });
    await expect(page.getByRole('alert')).toContainText('Please confirm your email');
    // the first mail lost or its link expired: a new one, which is the one followed below (the newest)
    await page.getByRole('button', { name: 'Send the confirmation e-mail again' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'If an account is waiting for confirmation at that email, we have sent it a new confirmation link.',
    );
    const mails = page.getByRole('row', { name: new RegExp(email) });
    await waitForMail(page, mails, 2);
    await expect(mails).toHaveCount(2);

    await confirmFromMailbox(page, email);
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL('/login');

    // a protected page sends us to login and back
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fprofile');
    await submitLogin(page, { email: email, password: 'secret1' });
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('link', { name: username })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Phone').fill('+1 555 0100');
    await page.getByLabel('Username').fill(`${username}_pro`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: `${username}_pro` })).toBeVisible();
    await expect(page.getByText('+1 555 0100')).toBeVisible();
    await expect(page.getByText('Profile updated successfully')).toBeHidden({ timeout: 5_000 });

    await page.getByRole('tab', { name: 'Change Password' }).click();
    const change = page.getByRole('button', { name: 'Change password' });
    await page.getByLabel('Current password', { exact: true }).fill('secret1');
    await page.getByLabel('New password', { exact: true }).fill('secret22');
    await page.getByLabel('Confirm new password', { exact: true }).fill('secret2');
    await expect(page.getByText('New password and confirm passwrd must match.')).toBeVisible();
    await expect(change).toBeDisabled();
    await page.getByLabel('Confirm new password', { exact: true }).fill('secret22');
    await change.click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    // the fresh token keeps us signed in
    await page.reload();
    await expect(page.getByRole('link', { name: `${username}_pro` })).toBeVisible();

    const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token);
    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // the session is over on the server too: a copy of its token opens nothing
    const copied = await request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } });
    expect(copied.status()).toBe(401);
    await submitLogin(page, { email: email, password: 'secret1' });
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await submitLogin(page, { email: email, password: 'secret22' });
    await expect(page).toHaveURL('/');
    // /logout typed in the address bar logs out as well (spec: it logs the user out, then goes to /login)
    await page.goto('/logout');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('a new e-mail takes effect once the link mailed to it is opened; until then the profile says where it went', async ({
    page,
    request,
  }) => {
    const suffix = Date.now().toString(36);
    const email = `mover_${suffix}@example.com`;
    const moved = `moved_${suffix}@example.com`;
    const signup = await request.post('/api/auth/register', {
      data: { username: `mover_${suffix}`, email, password: 'secret1' },
    });
    expect(signup.status()).toBe(201);
    await confirmFromMailbox(page, email);
    await page.goto('/login?redirect=%2Fprofile');
    await submitLogin(page, { email, password: 'secret1' });
    await expect(page).toHaveURL('/profile');

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Email').fill(moved);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByText(`We sent a link to ${moved}. Your email changes once you open it.`)).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible(); // still the account's

    await openNewestMail(page, page.getByRole('row', { name: new RegExp(moved) }));
    await page.getByRole('link', { name: /confirm/i }).click();
    await expect(page.getByText('Your new email is confirmed.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByText(moved, { exact: true })).toBeVisible();
    await expect(page.getByText(/We sent a link to/)).toBeHidden();
    // the new address logs in; the old one no longer does
    expect((await request.post('/api/auth/login', { data: { email: moved, password: 'secret1' } })).status()).toBe(200);
    expect((await request.post('/api/auth/login', { data: { email, password: 'secret1' } })).status()).toBe(400);
  });

  test('an e-mail with an international domain (sent as punycode by the browser) is one account in either form', async ({
    page,
    request,
  }) => {
    const local = `yuki_${Date.now().toString(36)}`;
    const email = `${local}@例え.jp`;
    await page.goto('/signup');
    await page.getByLabel('Username').fill(local);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByText('Registration successful! Please check your email')).toBeVisible();

    // the mail goes to the address as typed, not to the xn-- form the field sent
    await confirmFromMailbox(page, email);

    const rest = await request.post('/api/auth/login', { data: { email, password: 'secret1' } });
    expect(rest.status()).toBe(200);
    expect((await rest.json()).user.email).toBe(email);
    await page.goto('/login');
    await submitLogin(page, { email: `${local}@xn--r8jz45g.jp`, password: 'secret1' });
    await expect(page).toHaveURL('/');
    await page.goto('/profile');
    await expect(page.getByText(email)).toBeVisible();
  });

  test('forgot password: a mailed link sets a new password once; opened again, it says at once that it no longer works', async ({
    page,
    request,
  }) => {
    const email = `forgetful_${Date.now().toString(36)}@example.com`;
    const signup = await request.post('/api/auth/register', {
      data: { username: 'Forgetful', email, password: 'secret1' },
    });
    expect(signup.status()).toBe(201);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for that email, we have sent a link')).toBeVisible();

    await openNewestMail(page, page.getByRole('row', { name: /Reset your/ }).filter({ hasText: email }));
    await page.getByRole('link', { name: 'Reset my password' }).click();
    const link = page.url();
    expect(new URL(link).pathname).toMatch(/^\/reset-password\//);
    await page.getByLabel('New password', { exact: true }).fill('secret77');
    await page.getByLabel('Confirm password', { exact: true }).fill('secret77');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been reset. You can now log in.')).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('Invalid or expired token.');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Ask for a new reset link' }).click();
    await expect(page).toHaveURL('/forgot-password');

    // the link also confirmed the e-mail: the new password logs in
    await page.goto('/login');
    await submitLogin(page, { email, password: 'secret77' });
    await expect(page).toHaveURL('/');
  });

  test('a customer is sent home from admin pages, a visitor to login', async ({ page }) => {
    // every admin screen of the route table
    const adminPages = ['/products/edit/x', '/bar/create', '/bar/edit/x', '/reports', '/playground'];
    for (const path of adminPages) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
    }
    await page.goto('/products/create');
    await expect(page).toHaveURL('/login?redirect=%2Fproducts%2Fcreate');
    await submitLogin(page, PLAYER);
    await expect(page).toHaveURL('/');
    for (const path of adminPages) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
    }
    // and the profile has no All orders tab for a customer
    await page.goto('/profile');
    await expect(page.getByRole('tab', { name: 'Order History' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All orders' })).toHaveCount(0);
    await page.goto('/login');
    await expect(page).toHaveURL('/');
  });

  test('an expired session ends where the visitor is: a public page stays, a signed-in page asks to log in again', async ({
    page,
  }) => {
    await logIn(page, PLAYER, '/about');
    // The signed-in page's own requests done first: one still to go would carry the token changed below, and end the
    // session on this page, before the reload that is meant to find it ended.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await networkSettled(page);
    // a token the gateway no longer takes (as after a password change elsewhere, or after 7 days)
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user')!);
      localStorage.setItem('user', JSON.stringify({ ...user, token: `${user.token}x` }));
    });
    const revoked = await page.evaluate(() => localStorage.getItem('user'));
    await page.reload();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // the page says why the visitor was signed out, until closed (or left)
    const expired = page.getByText('Your session has expired. Please log in again.');
    await expect(expired).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(expired).toHaveCount(0);

    // The pages whose first load runs public queries beside the cart's (which needs the session): ending the session
    // must not abort those; they load as for any guest.
    for (const [path, content] of [
      ['/menu', page.getByText('Espresso')],
      ['/shop', page.getByRole('button', { name: 'Add to Cart' }).first()],
      ['/', page.getByText('Featured games and accessories')],
    ] as const) {
      await page.evaluate((user) => localStorage.setItem('user', user!), revoked);
      await page.goto(path);
      await expect(content).toBeVisible();
      await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
      await expect(page.getByText(/Failed to load/)).toHaveCount(0);
    }

    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fprofile');
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
    await submitLogin(page, PLAYER);
    await expect(page).toHaveURL('/profile');
  });
});
