import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { acceptConfirm, expect, loseAnswers, networkSettled, test, type Gateway } from './fixtures';
import { ADMIN, apiLogin, CUSTOMER, logIn, openAs, PLAYER, submitLogin, type Credentials } from './demo-logins';
import { png } from './test-image';

const stripeStandIn = readFileSync(join(__dirname, 'stripe-stand-in.js'), 'utf8');

async function gql<T>(request: APIRequestContext, query: string, variables: object = {}, token?: string) {
  const res = await request.post('/graphql', {
    data: { query, variables },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data as T;
}

async function tokenOf(request: APIRequestContext, who: Credentials) {
  return (await apiLogin(request, who)).token;
}

/** Two products with stock to spare, by name. */
async function inStockProducts(request: APIRequestContext) {
  const data = await gql<{ products: { items: { id: string; name: string; amount: number }[] } }>(
    request,
    '{ products(pageSize: 50) { items { id name amount } } }',
  );
  return data.products.items.filter((p) => p.amount >= 5);
}

/** A product made through the REST API for one test, with this stock; its id. */
async function createProduct(request: APIRequestContext, adminToken: string, name: string, amount: number) {
  const res = await request.post('/api/products', {
    headers: { authorization: `Bearer ${adminToken}` },
    multipart: {
      name,
      description: 'Made by the browser tests.',
      price: '20',
      amount: String(amount),
      category: 'Accessory',
      platform: 'PC',
      images: png('pad.png'),
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

/** The demo admin's and player's tokens, and the header that sends one. */
async function adminAndPlayer(request: APIRequestContext) {
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  return { as, admin: await tokenOf(request, ADMIN), player: await tokenOf(request, PLAYER) };
}

const badge = (page: Page) => page.getByTestId('cart-count');

/**
 * The player at the checkout with one unit of an in-stock product, the shipping filled in and cash chosen. Returns the
 * player's token and how many orders they had before.
 */
async function cashCheckout(page: Page, request: APIRequestContext) {
  const token = await tokenOf(request, PLAYER);
  const before = (await playerOrders(request, token)).total;
  const [product] = await inStockProducts(request);
  await openAs(page, PLAYER, `/products/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(badge(page)).toHaveText('1');
  await page.goto('/checkout');
  await fillShipping(page);
  await page.locator('form').getByText('Pay when it arrives (cash)').click();
  return { token, before };
}

/** Cancels the player's order again (its stock back), for the tests that count orders and stock. */
const cancelOrder = (request: APIRequestContext, token: string, id: string) =>
  gql(request, 'mutation($id: ID!) { cancelOrder(id: $id) { id } }', { id }, token);

/** How many orders the player has, and the newest (its ids and address). */
async function playerOrders(request: APIRequestContext, token: string) {
  type Order = { id: string; displayId: string; orderDetail: { address: string } };
  type Orders = { myOrders: { total: number; orders: Order[] } };
  const query = '{ myOrders(pageSize: 1) { total orders { id displayId orderDetail { address } } } }';
  return (await gql<Orders>(request, query, {}, token)).myOrders;
}
const orderCard = (page: Page, displayId: string) => page.getByRole('article', { name: `Order #${displayId}` });

/** Stripe.js is the stand-in, and its calls to Stripe's API go to the fake Stripe behind the worker's gateway. */
async function routeStripe(page: Page, { stripeApiUrl }: Gateway) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: stripeStandIn }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const res = await fetch(`${stripeApiUrl}${url.pathname}`, { method: 'POST' });
    await route.fulfill({
      status: res.status,
      body: await res.text(),
      headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
    });
  });
}

/** The GraphQL operations the page sends, by name, counted as they go. */
function countOperations(page: Page) {
  const sent = new Map<string, number>();
  page.on('request', (request) => {
    const name = /"operationName":"(\w+)"/.exec(request.postData() ?? '')?.[1];
    if (request.url().endsWith('/graphql') && name) sent.set(name, (sent.get(name) ?? 0) + 1);
  });
  return (name: string) => sent.get(name) ?? 0;
}

/** The demo player buys one `product` by card: in the cart, shipping filled in, card chosen, Place Order pressed. */
async function payByCard(page: Page, product: { id: string }) {
  await openAs(page, PLAYER, `/products/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(badge(page)).toHaveText('1');
  await page.goto('/checkout');
  await fillShipping(page);
  const form = page.locator('form');
  await form.getByText('Credit or debit card').click();
  await expect(page.getByTestId('stand-in-payment-element')).toBeVisible();
  await form.getByRole('button', { name: 'Place Order' }).click();
}

async function fillShipping(page: Page) {
  const form = page.locator('form');
  await form.getByLabel('Full Name').fill('Pat Player');
  await form.getByLabel('Email').fill('player@checkpoint.local');
  await form.getByLabel('Phone').fill('555-0100');
  await form.getByLabel('Address').fill('1 Arcade Way');
  await form.getByLabel('City').fill('Springfield');
  await form.getByLabel('ZIP').fill('12345');
}

test.describe.configure({ mode: 'serial' });

test.describe('cart, checkout and orders', () => {
  test('a login merge that goes unanswered says the cart could not be loaded, and Try again merges it at once', async ({
    page,
    request,
  }) => {
    const [product] = await inStockProducts(request);
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(badge(page)).toHaveText('1');

    let refused = 0;
    await page.route('**/graphql', (route) => {
      if (refused === 1 || !route.request().postData()?.includes('ServerCartMerge')) return route.fallback();
      refused += 1;
      return route.abort('connectionreset');
    });
    await logIn(page, CUSTOMER, '/cart');
    const failed = page.getByRole('alert').filter({ hasText: 'Failed to load your cart.' });
    await expect(failed).toBeVisible(); // not "Loading cart" for as long as the merge waits to be asked again
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart')))!)).toHaveLength(1); // kept

    // Asked again at once: well before the merge would be asked again by itself (3 s after the failure). The request
    // is timed, not the page that follows it: on a busy machine the cart's answer and rendering can take longer.
    const asked = page.waitForRequest((req) => req.postData()?.includes('ServerCartMerge') ?? false, {
      timeout: 1_500,
    });
    await failed.getByRole('button', { name: 'Try again' }).click();
    await asked;
    await expect(page.getByRole('link', { name: product.name })).toBeVisible();
    await expect(badge(page)).toHaveText('1');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    await gql(request, 'mutation { clearCart { id } }', {}, await tokenOf(request, CUSTOMER));
  });

  test('a guest cart merges on login, checks out with cash, and the order is cancelled from Order History', async ({
    page,
    request,
  }) => {
    const [first, second] = await inStockProducts(request);
    await page.goto(`/products/${first.id}`);
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('button', { name: 'Added!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible(); // back after 2 s
    await expect(badge(page)).toHaveText('2');

    await page.goto('/shop');
    const card = page.getByRole('article').filter({ hasText: second.name });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(card.getByRole('button', { name: 'Added!' })).toBeVisible();
    await expect(badge(page)).toHaveText('3');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart')))!)).toHaveLength(2);

    // the preview on hover
    await page.getByRole('link', { name: /^Cart, 3 items/ }).hover();
    const preview = page.getByTestId('cart-preview');
    await expect(preview).toContainText(first.name);
    await expect(preview).toContainText(`2 ×`);
    await expect(preview.getByRole('link', { name: 'View Cart' })).toBeVisible();
    // following the icon itself closes the card, which would otherwise cover the cart page's top
    await page.getByRole('link', { name: /^Cart, 3 items/ }).click();
    await expect(page).toHaveURL('/cart');
    await expect(preview).toBeHidden();

    await logIn(page, PLAYER);
    await expect(badge(page)).toHaveText('3');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your Shopping Cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: first.name })).toBeVisible();
    await expect(page.getByRole('link', { name: second.name })).toBeVisible();
    await page.getByLabel(`Quantity of ${second.name}`).selectOption('2');
    await expect(badge(page)).toHaveText('4');
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

    await expect(page).toHaveURL('/checkout');
    // each accordion button inside its heading, so a screen reader's list of headings reaches it
    for (const section of ['Order Summary', 'Shipping & Payment']) {
      await expect(page.getByRole('heading', { level: 2, name: section }).getByRole('button')).toBeVisible();
    }
    const form = page.locator('form');
    // a returning customer starts from the name and address of their last order (the demo history's, unless an
    // earlier test ordered for the player since)
    const [last] = (await (
      await request.get('/api/orders', { headers: { authorization: `Bearer ${await tokenOf(request, PLAYER)}` } })
    ).json()) as { orderDetail: { fullName: string; address: string } }[];
    expect(last.orderDetail.fullName).not.toBe('');
    await expect(form.getByLabel('Full Name')).toHaveValue(last.orderDetail.fullName);
    await expect(form.getByLabel('Address')).toHaveValue(last.orderDetail.address);
    await expect(form.getByLabel('Email')).toHaveValue(PLAYER.email);
    await form.getByLabel('Full Name').fill('');
    await form.getByLabel('Address').fill('');
    await form.getByRole('button', { name: 'Place Order' }).click();
    await expect(form).toContainText('Please enter your full name');
    await expect(form).toContainText('Please enter your address');
    await expect(form).toContainText('Please select a payment method.');
    await expect(form.getByRole('radio', { name: /PayPal/ })).toBeDisabled();

    await fillShipping(page);
    // only the payment method missing: the keyboard goes to the radios, whose group says what is wrong
    await form.getByRole('button', { name: 'Place Order' }).click();
    await expect(form.getByRole('radio', { name: /Credit or debit card/ })).toBeFocused();
    await expect(form.getByRole('radiogroup', { name: 'Payment method' })).toHaveAccessibleDescription(
      'Please select a payment method.',
    );
    await form.getByText('Pay when it arrives (cash)').click();
    await form.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL('/thank-you');
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    const displayId = ((await page.getByText(/^Order #/).textContent()) ?? '').match(/#([0-9A-Z]{6})/)![1];
    await expect(badge(page)).toHaveText('0');

    await page.goto('/profile?tab=orders');
    const order = orderCard(page, displayId);
    await expect(order).toContainText('UNPAID');
    await expect(order).toContainText('Not delivered yet');
    await expect(order).toContainText(/\d{1,2}:\d\d [AP]M E[SD]T · Cash/); // venue time, and it says so
    await acceptConfirm(page, 'Are you sure you want to cancel this order?', () =>
      order.getByRole('button', { name: 'Cancel order' }).click(),
    );
    await expect(order).toContainText('CANCELLED');
    await expect(order).toContainText('Not delivered yet'); // spec §2: every order has its delivery chip
    await expect(order.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Order history', exact: true })).toBeFocused();
  });

  test('a guest cart shows what the stock no longer covers, and logging in says what the merge left out', async ({
    page,
    request,
  }) => {
    const admin = await tokenOf(request, ADMIN);
    const player = await tokenOf(request, PLAYER);
    await gql(request, 'mutation { clearCart { id } }', {}, player); // spec §4: only an empty server cart takes them
    const suffix = Date.now().toString(36);
    const short = `Short Pad ${suffix}`;
    const gone = `Sold Pad ${suffix}`;
    const shortId = await createProduct(request, admin, short, 3);
    const goneId = await createProduct(request, admin, gone, 2);
    await page.goto(`/products/${shortId}`);
    await page.getByLabel('Quantity').fill('3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(badge(page)).toHaveText('3');
    await page.goto(`/products/${goneId}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(badge(page)).toHaveText('4');
    const restock = (id: string, amount: number) =>
      request.put(`/api/products/${id}`, {
        headers: { authorization: `Bearer ${admin}` },
        multipart: { amount: String(amount) },
      });
    expect((await restock(shortId, 2)).ok()).toBe(true);
    expect((await restock(goneId, 0)).ok()).toBe(true);

    await page.goto('/cart');
    const shortLine = page.getByRole('listitem').filter({ hasText: short });
    const goneLine = page.getByRole('listitem').filter({ hasText: gone });
    await expect(shortLine).toContainText('Only 2 left');
    await expect(shortLine.getByLabel(`Quantity of ${short}`)).toHaveValue('2');
    await expect(goneLine).toContainText('Out of stock');
    await expect(goneLine.getByLabel(`Quantity of ${gone}`)).toHaveCount(0);
    await expect(page.getByText('$44.00')).toBeVisible(); // 2 × 20 + 10 % tax; the sold-out pad is not counted
    await expect(badge(page)).toHaveText('2');

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await submitLogin(page, PLAYER);
    await expect(page).toHaveURL('/checkout');
    const notice = page.getByRole('status').filter({ hasText: 'Your cart changed when you logged in' });
    await expect(notice).toContainText(`Only 2 of ${short} left in stock, so your cart has 2.`);
    await expect(notice).toContainText(`${gone} is no longer available and was removed.`);
    await expect(badge(page)).toHaveText('2');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
    await expect(page).toHaveURL('/shop');
    await expect(notice).toHaveCount(0);

    await gql(request, 'mutation { clearCart { id } }', {}, player);
    for (const id of [shortId, goneId]) {
      expect(
        (await request.delete(`/api/products/${id}`, { headers: { authorization: `Bearer ${admin}` } })).ok(),
      ).toBe(true);
    }
  });

  test('a cash order whose answer was lost after the server placed it shows the thank-you page, and is placed once', async ({
    page,
    request,
  }) => {
    const { token, before } = await cashCheckout(page, request);
    const lost = await loseAnswers(page, 'CheckoutPagePlaceOrder'); // acted on, then the answer is lost
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL('/thank-you');
    await expect(page.getByText(/Payment failed/)).toHaveCount(0);
    expect(lost()).toBe(1);
    const after = await playerOrders(request, token);
    expect(after.total).toBe(before + 1);
    await expect(badge(page)).toHaveText('0');
    await cancelOrder(request, token, after.orders[0].id);
  });

  test('a cash order whose answers were lost twice is found by its key once the cart shows it emptied: the thank-you page, one order', async ({
    page,
    request,
  }) => {
    const { token, before } = await cashCheckout(page, request);
    const lost = await loseAnswers(page, 'CheckoutPagePlaceOrder', 2); // the try and its resend: placed, unanswered
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL('/thank-you');
    expect(lost()).toBe(2);
    const after = await playerOrders(request, token);
    expect(after.total).toBe(before + 1);
    await expect(page.getByText(`#${after.orders[0].displayId}`)).toBeVisible(); // the order placed, confirmed
    await cancelOrder(request, token, after.orders[0].id);
  });

  test('a cash order whose answers were lost twice, sent again with the address edited, is refused and says where it is', async ({
    page,
    request,
  }) => {
    const { token, before } = await cashCheckout(page, request);
    const lost = await loseAnswers(page, 'CheckoutPagePlaceOrder', 2); // the try and its resend: placed, unanswered
    // The cart's re-read after the failure fails too (the network still down), so the form stays to be edited.
    let cartReadsFailed = 0;
    await page.route('**/graphql', (route) => {
      if (lost() < 2 || cartReadsFailed === 1 || !route.request().postData()?.includes('ServerCartQuery'))
        return route.fallback();
      cartReadsFailed += 1;
      return route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(/^Payment failed\. Please try again\./)).toBeVisible();
    expect(lost()).toBe(2);
    await expect.poll(() => cartReadsFailed).toBe(1);

    await page.locator('form').getByLabel('Address').fill('99 Edited Lane');
    await page.getByRole('button', { name: 'Place Order' }).click(); // once its 2 busy seconds are over
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(
      page.getByText(
        'This order was already placed by an earlier try of this checkout, with the details as they were then. Find it in Order History.',
      ),
    ).toBeVisible();
    await expect(page.getByText(/Payment failed/)).toHaveCount(0); // no "Please try again" over an order placed
    const after = await playerOrders(request, token);
    expect(after.total).toBe(before + 1); // placed once, where it was first sent
    expect(after.orders[0].orderDetail.address).toBe('1 Arcade Way');
    await cancelOrder(request, token, after.orders[0].id);
  });

  test('going Back to the thank-you page later leaves the new cart alone', async ({ page, request }) => {
    const [first, second, third] = await inStockProducts(request);
    await openAs(page, PLAYER, `/products/${first.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(badge(page)).toHaveText('1');
    await expect(page.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible(); // not "1 items"
    await page.goto('/checkout');
    await fillShipping(page);
    await page.locator('form').getByText('Pay when it arrives (cash)').click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL('/thank-you');
    await expect(badge(page)).toHaveText('0');

    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    for (const product of [second, third]) {
      const card = page.getByRole('article').filter({ hasText: product.name });
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(card.getByRole('button', { name: 'Added!' })).toBeVisible();
    }
    await expect(badge(page)).toHaveText('2');

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await networkSettled(page);
    await expect(badge(page)).toHaveText('2');
    const token = await tokenOf(request, PLAYER);
    const { cart } = await gql<{ cart: { itemCount: number } }>(request, '{ cart { itemCount } }', {}, token);
    expect(cart.itemCount).toBe(2);
    await gql(request, 'mutation { clearCart { id } }', {}, token);
  });

  test('Add to Cart says when the line is already full instead of Added!, and how many went in', async ({
    page,
    request,
  }) => {
    const admin = await tokenOf(request, ADMIN);
    const player = await tokenOf(request, PLAYER);
    const [plenty] = await inStockProducts(request);
    const scarce = `Two Left Pad ${Date.now().toString(36)}`;
    const scarceId = await createProduct(request, admin, scarce, 2);
    await gql(
      request,
      'mutation($id: ID!) { addToCart(productId: $id, quantity: 3) { id } }',
      { id: plenty.id },
      player,
    );

    await openAs(page, PLAYER, '/shop');
    await expect(badge(page)).toHaveText('3');
    await page.getByPlaceholder('Search products...').fill(plenty.name);
    const card = page.getByRole('article').filter({ hasText: plenty.name }).first();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(card.getByRole('button', { name: 'Max 3 per product' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeVisible(); // back after 2 s
    await expect(badge(page)).toHaveText('3');

    await page.goto(`/products/${scarceId}`);
    await page.getByLabel('Quantity').fill('3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('button', { name: 'Added 2 of 3. Only 2 left' })).toBeVisible();
    await expect(badge(page)).toHaveText('5');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('button', { name: 'Only 2 left' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(badge(page)).toHaveText('5');

    await gql(request, 'mutation { clearCart { id } }', {}, player);
    expect(
      (await request.delete(`/api/products/${scarceId}`, { headers: { authorization: `Bearer ${admin}` } })).ok(),
    ).toBe(true);
  });

  test('Clear Cart says the cart was cleared, and Undo puts the lines back on the server', async ({
    page,
    request,
  }) => {
    const player = await tokenOf(request, PLAYER);
    const [first, second] = await inStockProducts(request);
    const add = (id: string, quantity: number) =>
      gql(
        request,
        'mutation($id: ID!, $q: Int) { addToCart(productId: $id, quantity: $q) { id } }',
        { id, q: quantity },
        player,
      );
    const held = async () =>
      (await gql<{ cart: { itemCount: number } }>(request, '{ cart { itemCount } }', {}, player)).cart.itemCount;
    await gql(request, 'mutation { clearCart { id } }', {}, player);
    await add(first.id, 2);
    await add(second.id, 1);

    await openAs(page, PLAYER, '/cart');
    await expect(badge(page)).toHaveText('3');
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(page.getByRole('main').getByText('Cart cleared.')).toBeVisible();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(badge(page)).toHaveText('0');
    expect(await held()).toBe(0);

    await page.getByRole('button', { name: 'Undo clearing the cart' }).click();
    await expect(page.getByLabel(`Quantity of ${first.name}`)).toHaveValue('2');
    await expect(page.getByLabel(`Quantity of ${second.name}`)).toHaveValue('1');
    await expect(badge(page)).toHaveText('3');
    await expect(page.getByText('Cart cleared.')).toBeHidden();
    expect(await held()).toBe(3);
    await page.reload(); // the server's cart, not a copy in the page
    await expect(page.getByLabel(`Quantity of ${first.name}`)).toHaveValue('2');

    await gql(request, 'mutation { clearCart { id } }', {}, player);
  });

  test('a signed-in line above what is left says so, and checkout waits until it is lowered', async ({
    page,
    request,
  }) => {
    const admin = await tokenOf(request, ADMIN);
    const player = await tokenOf(request, PLAYER);
    const name = `Short Pad ${Date.now()}`;
    const id = await createProduct(request, admin, name, 3);
    await gql(request, 'mutation { clearCart { id } }', {}, player);
    await gql(request, 'mutation($id: ID!) { addToCart(productId: $id, quantity: 3) { id } }', { id }, player);
    const fewer = await request.put(`/api/products/${id}`, {
      headers: { authorization: `Bearer ${admin}` },
      multipart: { amount: '2' },
    });
    expect(fewer.ok()).toBe(true);

    await openAs(page, PLAYER, '/cart');
    const line = page.getByRole('listitem').filter({ hasText: name });
    await expect(line).toContainText('Only 2 left');
    const warning = page.getByText('Some products have fewer units left than your cart holds.');
    await expect(warning).toBeVisible();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(warning).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();

    await page.goto('/cart');
    await line.getByLabel(`Quantity of ${name}`).selectOption('2');
    await expect(line).not.toContainText('Only 2 left');
    await expect(warning).toHaveCount(0);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();

    await gql(request, 'mutation { clearCart { id } }', {}, player);
    expect((await request.delete(`/api/products/${id}`, { headers: { authorization: `Bearer ${admin}` } })).ok()).toBe(
      true,
    );
  });

  test('an admin finds an order by its id suffix and marks it delivered', async ({ page, request }) => {
    const token = await tokenOf(request, PLAYER);
    const [product] = await inStockProducts(request);
    await gql(
      request,
      'mutation($id: ID!) { addToCart(productId: $id, quantity: 1) { id } }',
      { id: product.id },
      token,
    );
    const placed = await gql<{ placeOrder: { displayId: string } }>(
      request,
      `mutation($d: OrderDetailInput!) { placeOrder(orderDetail: $d, paymentMethod: Cash) { displayId } }`,
      { d: { fullName: 'Pat Player', email: 'p@x.io', phone: '1', address: 'a', city: 'c', zip: 'z' } },
      token,
    );
    const displayId = placed.placeOrder.displayId;

    await openAs(page, ADMIN, '/profile?tab=all-orders');
    await expect(page.getByRole('tab', { name: 'All orders' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Search by order id, customer name or e-mail').fill(displayId.toLowerCase());
    await expect(page.getByRole('article')).toHaveCount(1);
    const order = orderCard(page, displayId);
    await expect(order).toContainText('Not delivered yet');
    await order.getByRole('button', { name: `Mark as delivered: order #${displayId}`, exact: true }).click();
    await expect(order.getByText('Delivered', { exact: true })).toBeVisible();
    // the cash was taken as it was handed over
    await expect(order.getByText('PAID', { exact: true })).toBeVisible();
    await expect(order.getByRole('button', { name: 'Mark as delivered' })).toHaveCount(0);
    // The button went with the action: the keyboard stays in the list rather than falling to the page.
    await expect(page.getByRole('group', { name: 'Orders', exact: true })).toBeFocused();

    await page.getByLabel('Status').selectOption('delivered');
    await expect(orderCard(page, displayId)).toBeVisible();
    await page.getByLabel('Status').selectOption('cancelled');
    await expect(page.getByText('No orders found.')).toBeVisible();

    // Marked by mistake: Undo, from the notice (still there in a list the order is not in), opens it again, unpaid.
    await expect(page.getByRole('main').getByText(`Order #${displayId} marked as delivered.`)).toBeVisible();
    await page.getByRole('button', { name: `Undo marking order #${displayId} as delivered` }).click();
    // Undo took its own button away: the notice saying what happened has the keyboard.
    await expect(page.locator(':focus')).toHaveText(`Order #${displayId} is no longer marked as delivered.`);
    await page.getByLabel('Status').selectOption('undelivered');
    await expect(order).toContainText('Not delivered yet');
    await expect(order.getByText('UNPAID', { exact: true })).toBeVisible();
    const mine = await gql<{ myOrders: { orders: { displayId: string; status: string; isDelivered: boolean }[] } }>(
      request,
      '{ myOrders(pageSize: 50) { orders { displayId status isDelivered } } }',
      {},
      token,
    );
    expect(mine.myOrders.orders.find((o) => o.displayId === displayId)).toEqual({
      displayId,
      status: 'unpaid',
      isDelivered: false,
    });
  });

  test('a card checkout pays through Stripe Elements (stand-in Stripe.js, fake Stripe API)', async ({
    page,
    request,
    gateway,
  }) => {
    await routeStripe(page, gateway);

    const [, , product] = await inStockProducts(request);
    await payByCard(page, product);
    await expect(page).toHaveURL('/thank-you');
    const displayId = ((await page.getByText(/^Order #/).textContent()) ?? '').match(/#([0-9A-Z]{6})/)![1];

    await page.goto('/profile?tab=orders');
    await expect(orderCard(page, displayId)).toContainText('PAID');
    await expect(orderCard(page, displayId)).toContainText('Card');
  });

  for (const lost of ['before it reached the server', 'after the server placed the order']) {
    test(`a card payment whose order's answer is lost (${lost}) is finished, never charged twice`, async ({
      page,
      request,
      gateway,
    }) => {
      await routeStripe(page, gateway);
      const sent = countOperations(page);
      // The page's Place Order and then its own first try to finish the paid order both lose their answer.
      let dropped = 0;
      await page.route('**/graphql', async (route) => {
        if (dropped === 2 || !route.request().postData()?.includes('CheckoutPagePlaceOrder')) return route.fallback();
        dropped += 1;
        if (lost === 'after the server placed the order') await route.fetch(); // placed, then the answer is lost
        await route.abort('connectionreset');
      });

      const [, , , product] = await inStockProducts(request);
      await payByCard(page, product);

      // Charged, order not confirmed: the page offers to finish it, and nothing else (no second payment).
      const alert = page.getByRole('alert').filter({ hasText: 'Your card was charged, but your order could not be' });
      await expect(alert).toBeVisible();
      await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0);
      // Try again finishes it; so does a reload (or Back, then the checkout again): the tab remembers the payment.
      if (lost === 'before it reached the server') await alert.getByRole('button', { name: 'Try again' }).click();
      else await page.reload();
      await expect(page).toHaveURL('/thank-you');
      const displayId = ((await page.getByText(/^Order #/).textContent()) ?? '').match(/#([0-9A-Z]{6})/)![1];
      expect(sent('CheckoutPageCreateIntent')).toBe(1); // one payment
      expect(sent('CheckoutPagePlaceOrder')).toBe(3);

      await page.goto('/profile?tab=orders');
      await expect(orderCard(page, displayId)).toContainText('PAID');
      await page.goto('/checkout'); // nothing left to finish: the cart is empty
      await expect(page.getByRole('link', { name: 'Browse Shop' })).toBeVisible();
    });
  }

  test('a checkout left open while another tab changes the cart refuses the old total and shows the cart as it is', async ({
    page,
    request,
  }) => {
    const { as, admin, player } = await adminAndPlayer(request);
    const productId = await createProduct(request, admin, `Two Tabs Pad ${Date.now().toString(36)}`, 5);
    expect((await request.delete('/api/cart', { headers: as(player) })).ok()).toBe(true);
    expect((await request.post('/api/cart', { headers: as(player), data: { productId } })).ok()).toBe(true);

    await openAs(page, PLAYER, '/checkout');
    // 20.00 + 2.00 tax + 5.00 shipping
    await expect(page.getByText('Total: $27.00')).toBeVisible();
    // The checkout asks for the cart again as it opens: that answer must be in before the other tab's change, or it
    // shows the new total (rightly) and the order goes through.
    await networkSettled(page);
    const twoUnits = await request.put('/api/cart', { headers: as(player), data: { productId, quantity: 2 } });
    expect(twoUnits.ok()).toBe(true);
    await fillShipping(page);
    await page.locator('form').getByText('Pay when it arrives (cash)').click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(
      page.getByText(
        'Payment failed. Please try again. Your order total has changed to $49.00. Please review your cart and try again.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Total: $49.00')).toBeVisible();
    expect(((await (await request.get(`/api/products/${productId}`)).json()) as { amount: number }).amount).toBe(5);

    // the total now on screen is the one ordered
    await page.getByRole('button', { name: 'Place Order' }).click({ timeout: 5_000 });
    await expect(page).toHaveURL('/thank-you');
    expect(((await (await request.get(`/api/products/${productId}`)).json()) as { amount: number }).amount).toBe(3);
    expect((await request.delete(`/api/products/${productId}`, { headers: as(admin) })).ok()).toBe(true);
  });

  test("a tab whose account another tab switches while its cart is read shows the new account's cart, and stays signed in", async ({
    page,
    request,
  }) => {
    const { as, admin, player } = await adminAndPlayer(request);
    const customer = await tokenOf(request, CUSTOMER);
    const stamp = Date.now().toString(36);
    const padOf = { player: `Player Pad ${stamp}`, customer: `Customer Pad ${stamp}` };
    const ids = [
      await createProduct(request, admin, padOf.player, 5),
      await createProduct(request, admin, padOf.customer, 5),
    ];
    for (const [token, productId] of [
      [player, ids[0]],
      [customer, ids[1]],
    ]) {
      expect((await request.delete('/api/cart', { headers: as(token) })).ok()).toBe(true);
      expect((await request.post('/api/cart', { headers: as(token), data: { productId } })).ok()).toBe(true);
    }
    await openAs(page, PLAYER, '/cart');
    await expect(page.getByLabel(`Quantity of ${padOf.player}`)).toHaveValue('1');
    await networkSettled(page);

    // The tab's next read of the cart (as it comes back in view) is held until another tab has logged out, which ends
    // the player's token, and logged in as the customer.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    const cartReadsWith: string[] = []; // the token of each read of the cart from here on
    await page.route('**/graphql', async (route) => {
      if ((route.request().postDataJSON() as { operationName?: string })?.operationName === 'ServerCartQuery') {
        cartReadsWith.push((await route.request().headerValue('authorization')) ?? 'none');
        if (!held) {
          held = true;
          await released;
        }
      }
      await route.fallback();
    });
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => held).toBe(true);
    const other = await page.context().newPage();
    await other.goto('/logout');
    await expect(other).toHaveURL('/login');
    await submitLogin(other, CUSTOMER);
    await expect(other).toHaveURL('/');
    release();

    await expect(page.getByLabel(`Quantity of ${padOf.customer}`)).toHaveValue('1');
    await networkSettled(page);
    await expect(page.getByLabel(`Quantity of ${padOf.player}`)).toHaveCount(0);
    await expect(badge(page)).toHaveText('1');
    // The held read went with the player's token, and was asked again with the customer's.
    const customerToken = await other.evaluate(
      () => (JSON.parse(localStorage.getItem('user')!) as { token: string }).token,
    );
    expect(cartReadsWith[0]).not.toBe(`Bearer ${customerToken}`);
    expect(cartReadsWith.slice(1)).toContain(`Bearer ${customerToken}`);
    // The player's refused token did not sign the customer out, here or in the other tab.
    for (const tab of [page, other]) {
      const stored = await tab.evaluate(() => localStorage.getItem('user'));
      expect((JSON.parse(stored ?? 'null') as { email?: string } | null)?.email).toBe(CUSTOMER.email);
    }
    await other.close();
    for (const token of [player, customer]) {
      expect((await request.delete('/api/cart', { headers: as(token) })).ok()).toBe(true);
    }
    for (const id of ids) expect((await request.delete(`/api/products/${id}`, { headers: as(admin) })).ok()).toBe(true);
  });

  test('a product deleted while in the cart stays as a line that can only be removed; checkout waits', async ({
    page,
    request,
  }) => {
    const { as, admin, player } = await adminAndPlayer(request);
    const suffix = Date.now().toString(36);
    const name = `Withdrawn Pad ${suffix}`;
    const scarce = `Last Pad ${suffix}`;
    const goneId = await createProduct(request, admin, name, 3);
    const scarceId = await createProduct(request, admin, scarce, 1);
    for (const productId of [scarceId, goneId]) {
      expect((await request.post('/api/cart', { headers: as(player), data: { productId } })).ok()).toBe(true);
    }
    expect((await request.delete(`/api/products/${goneId}`, { headers: as(admin) })).ok()).toBe(true);

    await openAs(page, PLAYER, '/cart');
    const line = page.getByRole('listitem').filter({ hasText: name });
    const warning = page.getByText('Some products in your cart are no longer sold. Remove them to check out.');
    await expect(line).toContainText('No longer available');
    await expect(line.getByRole('link')).toHaveCount(0);
    await expect(line.getByLabel(`Quantity of ${name}`)).toHaveCount(0);
    await expect(warning).toBeVisible();
    await expect(badge(page)).toHaveText('2');

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL('/checkout');
    await expect(warning).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('No longer available');
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await expect(page.getByRole('radio', { name: /Credit or debit card/ })).toBeDisabled();

    // the notice leads to where the line is removed
    await page.getByRole('link', { name: 'Go to Cart' }).click();
    await expect(page).toHaveURL('/cart');
    await line.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(line).toHaveCount(0);
    await expect(warning).toHaveCount(0);
    await expect(badge(page)).toHaveText('1');

    // Sold out while the checkout is open (it asked for the cart as it opened): the spec's failure text, then the
    // server's reason.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await fillShipping(page);
    await page.locator('form').getByText('Pay when it arrives (cash)').click();
    const soldOut = await request.put(`/api/products/${scarceId}`, { headers: as(admin), multipart: { amount: '0' } });
    expect(soldOut.ok()).toBe(true);
    await page.getByRole('button', { name: 'Place Order' }).click();
    const failure = page.getByText(`Payment failed. Please try again. Sorry, ${scarce} is out of stock.`);
    await expect(failure).toBeVisible();
    // Place Order was busy (disabled) meanwhile: the keyboard goes to the message rather than falling to the page.
    await expect(failure).toBeFocused();
    await expect(page).toHaveURL('/checkout');

    expect((await request.delete(`/api/products/${scarceId}`, { headers: as(admin) })).ok()).toBe(true);
    expect((await request.delete('/api/cart', { headers: as(player) })).ok()).toBe(true);
  });

  test("the keyboard stays on Add to Cart and on a line's quantity while they are saved", async ({ page, request }) => {
    const { as, admin, player } = await adminAndPlayer(request);
    const name = `Focus Pad ${Date.now().toString(36)}`;
    const id = await createProduct(request, admin, name, 3);
    // each change takes a while on the server: the busy (disabled) control would drop the focus on the page body
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('mutation')) await new Promise((done) => setTimeout(done, 300));
      await route.continue();
    });

    await openAs(page, PLAYER, `/products/${id}`);
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Added!' })).toBeFocused();
    await expect(badge(page)).toHaveText('1');

    await page.goto('/cart');
    const quantity = page.getByLabel(`Quantity of ${name}`);
    await quantity.focus();
    await page.keyboard.press('ArrowDown'); // a closed select steps to the next option
    await expect(badge(page)).toHaveText('2');
    await expect(quantity).toBeEnabled();
    await expect(quantity).toBeFocused();
    await expect(quantity).toHaveValue('2');

    expect((await request.delete(`/api/products/${id}`, { headers: as(admin) })).ok()).toBe(true);
    expect((await request.delete('/api/cart', { headers: as(player) })).ok()).toBe(true);
  });

  test('on a short window (a 1280 x 800 screen at 200%), the cart preview keeps its total and buttons in view', async ({
    page,
    request,
  }) => {
    const { as, player } = await adminAndPlayer(request);
    const products = (await (await request.get('/api/products/search?q=')).json()) as { _id: string; amount: number }[];
    expect((await request.delete('/api/cart', { headers: as(player) })).ok()).toBe(true);
    for (const { _id } of products.filter((product) => product.amount >= 1).slice(0, 5)) {
      expect((await request.post('/api/cart', { headers: as(player), data: { productId: _id } })).ok()).toBe(true);
    }
    await page.setViewportSize({ width: 640, height: 400 });
    await openAs(page, PLAYER, '/shop');
    await page.getByRole('link', { name: /^Cart, 5 items/ }).hover();
    const preview = page.getByTestId('cart-preview');
    await expect(preview.getByRole('listitem')).toHaveCount(5);
    // the lines scroll inside the card; the total and both ways on stay on screen
    await expect(preview.getByText('Total', { exact: true })).toBeInViewport({ ratio: 1 });
    await expect(preview.getByRole('link', { name: 'Checkout' })).toBeInViewport({ ratio: 1 });
    await expect(preview.getByRole('link', { name: 'View Cart' })).toBeInViewport({ ratio: 1 });
    expect((await preview.boundingBox())!.y + (await preview.boundingBox())!.height).toBeLessThanOrEqual(400);

    expect((await request.delete('/api/cart', { headers: as(player) })).ok()).toBe(true);
  });
});
