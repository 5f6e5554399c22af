import { expect, type Page } from '@playwright/test';

/** The demo seed's logins. */
export const PLAYER = { email: 'player@checkpoint.local', password: 'player123' };
export const ADMIN = { email: 'admin@checkpoint.local', password: 'admin123' };
/** One of the seed's customers with a history, whose cart no other test fills. */
export const CUSTOMER = { email: 'leo.martins@example.com', password: 'customer123' };
export type Credentials = typeof PLAYER;

/** Fills and sends the login form on the page already open. */
export async function submitLogin(page: Page, who: Credentials) {
  const form = page.locator('form');
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password', { exact: true }).fill(who.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Logs in through `/login?redirect=<then>` and waits to land on `then`. */
export async function logIn(page: Page, who: Credentials, then = '/') {
  await page.goto(then === '/' ? '/login' : `/login?redirect=${encodeURIComponent(then)}`);
  await submitLogin(page, who);
  await expect(page).toHaveURL(then);
}
