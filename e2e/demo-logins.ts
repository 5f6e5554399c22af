import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

const LOGIN = `mutation($email: String!, $password: String!) {
  login(email: $email, password: $password) { token user { id username email phone isAdmin } }
}`;

/** Logs `who` in over the API: the token, and the user record the login page keeps with it. */
export async function apiLogin(request: APIRequestContext, who: Credentials) {
  const answer = await request.post('/graphql', { data: { query: LOGIN, variables: who } });
  const body = (await answer.json()) as {
    data?: { login: { token: string; user: { id: string } & Record<string, unknown> } };
  };
  if (!body.data) throw new Error(`login as ${who.email} refused: ${JSON.stringify(body)}`);
  return body.data.login;
}

/**
 * Opens `path` already signed in as `who`, for tests of something other than logging in: the login is made over the
 * API and kept in the browser's storage as the login page keeps it (`user`), which spares a test the login page's load
 * and form. Only the login page merges a guest's cart: tests of that go through `logIn`.
 */
export async function openAs(page: Page, who: Credentials, path = '/') {
  const { token, user } = await apiLogin(page.request, who);
  await page.goto('/healthz'); // the origin's storage, without loading the app
  await page.evaluate(
    (stored) => localStorage.setItem('user', stored),
    JSON.stringify({ ...user, _id: user.id, token }),
  );
  await page.goto(path);
  await expect(page).toHaveURL(path);
}
