import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { QueryRunner } from 'typeorm';
import { readMailbox } from '../../common/mailer';
import { addCartLine, CHECKOUT_DETAIL, createAdmin, createProduct, createUser } from '../../test/factories';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { waitForMail } from '../../test/mailbox';
import { TRANSACTION_ATTEMPTS } from '../../db/retrying-transaction';
import { sendIntoDeadlocks } from '../../test/lock-waits';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Product } from '../catalog/product.entity';
import { ORDER_MESSAGES } from '../orders/order.inputs';
import { PAYMENT_MESSAGES } from './payments.service';

const WEBHOOK_SECRET = 'whsec_test_secret';
const DETAIL = CHECKOUT_DETAIL;
const CONFIG = `query { paymentConfig { cardAvailable publishableKey } }`;
const INTENT = `mutation Intent($orderDetail: OrderDetailInput, $expectedTotal: Float) {
  createPaymentIntent(orderDetail: $orderDetail, expectedTotal: $expectedTotal) { clientSecret paymentIntentId amount }
}`;
const PLACE = `mutation Place($orderDetail: OrderDetailInput!, $paymentMethod: PaymentMethod!, $paymentIntentId: String) {
  placeOrder(orderDetail: $orderDetail, paymentMethod: $paymentMethod, paymentIntentId: $paymentIntentId) {
    id status paymentMethod paymentIntentId totalAmount
  }
}`;
const CANCEL = `mutation Cancel($id: ID!) { cancelOrder(id: $id) { id status } }`;
// What the customer's checkout reads when a paid cart could not be sold nor refunded, word for word.
const REFUND_FAILED =
  'Your payment went through but the order could not be completed, and the refund failed. Please contact us.';

type Person = Awaited<ReturnType<typeof createUser>>;
type IntentData = { clientSecret: string; paymentIntentId: string; amount: number };
type OrderData = { id: string; status: string; paymentMethod: string; paymentIntentId: string; totalAmount: number };
type LogLine = { level: number; msg: string; reason?: string; err?: { code?: string } };

describe('card payments (fake Stripe over HTTP, real SDK, real database)', () => {
  let app: TestApp;
  let fake: FakeStripe;
  let admin: Person;
  const signer = new Stripe('sk_test_signer', { telemetry: false });
  const newUser = () => createUser(app.db, app.deps.jwtSecret);
  const putInCart = (who: Person, product: Product, quantity: number) =>
    addCartLine(app.db, who.user.id, product, quantity);
  const ordersOf = async (who: Person) =>
    (await app.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [who.user.id]))[0].n as number;
  const stockOf = async (product: Product) =>
    (await app.db.query('SELECT amount FROM products WHERE id = $1', [product.id]))[0].amount as number;
  const intentFor = async (who: Person) => {
    const res = await app.gql<{ createPaymentIntent: IntentData }>(
      INTENT,
      { orderDetail: DETAIL },
      { token: who.token },
    );
    expect(res.errors).toBeUndefined();
    return res.data!.createPaymentIntent;
  };
  const payByCard = (who: Person, paymentIntentId: string) =>
    app.gql<{ placeOrder: OrderData }>(
      PLACE,
      { orderDetail: DETAIL, paymentMethod: 'stripe', paymentIntentId },
      { token: who.token },
    );
  const payByRest = (who: Person, paymentIntentId: string) =>
    app.http('/api/orders', {
      method: 'POST',
      token: who.token,
      json: { cartItems: [], status: 'paid', paymentMethod: 'stripe', paymentIntentId, orderDetail: DETAIL },
    });
  const webhook = (payload: string, signature?: string) =>
    app.http('/api/stripe/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
  const eventOf = (type: string, intent: object) =>
    JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, data: { object: intent } });
  const succeededEvent = (intentId: string) => eventOf('payment_intent.succeeded', fake.intent(intentId));
  const refundsOf = (intentId: string) => fake.refunds.filter((refund) => refund.payment_intent === intentId);
  const refundRecordsOf = (intentId: string) =>
    app.db.query('SELECT refund_id FROM refunded_payments WHERE payment_intent_id = $1', [intentId]);
  /** Exactly one refund of the payment at Stripe, recorded here once under its id: the refunds, for more checks. */
  const expectRefundedOnce = async (intentId: string) => {
    const refunds = refundsOf(intentId);
    expect(refunds).toHaveLength(1);
    expect(await refundRecordsOf(intentId)).toEqual([{ refund_id: refunds[0].id }]);
    return refunds;
  };
  const cartOf = (who: Person) =>
    app.db.query('SELECT product_id, quantity FROM cart_items WHERE user_id = $1', [who.user.id]);
  const logOf = (res: { headers: Headers }) =>
    app.logs
      .filter((line) => line.includes(`"${res.headers.get('x-request-id')}"`))
      .map((line) => JSON.parse(line) as LogLine);

  /** A customer who has paid (at Stripe) for `quantity` of a product with `stock` left, with no order made yet. */
  async function paidCart({ stock, quantity }: { stock: number; quantity: number }) {
    const me = await newUser();
    const product = await createProduct(app.db, { amount: stock });
    await putInCart(me, product, quantity);
    const intent = await intentFor(me);
    fake.succeed(intent.paymentIntentId);
    return { me, product, intent };
  }

  /**
   * A customer who has paid for two lines, the second of which then sells out. The line still in stock comes first in
   * product-id order, so an attempt at the order takes its stock before it meets the sold-out one, and only a rollback
   * gives that stock back.
   */
  async function paidCartThatSoldOut() {
    const me = await newUser();
    const [plenty, last] = [
      await createProduct(app.db, { amount: 5 }),
      await createProduct(app.db, { amount: 5 }),
    ].sort((a, b) => a.id.localeCompare(b.id));
    await putInCart(me, plenty, 2);
    await putInCart(me, last, 1);
    const intent = await intentFor(me);
    fake.succeed(intent.paymentIntentId);
    await app.db.query('UPDATE products SET amount = 0 WHERE id = $1', [last.id]);
    const cartBefore = await cartOf(me);
    /** A failed attempt wrote nothing: no order, no refund here or at Stripe, the stock and the cart as they were. */
    const expectNothingWritten = async () => {
      expect(await ordersOf(me)).toBe(0);
      expect(await refundRecordsOf(intent.paymentIntentId)).toEqual([]);
      expect(refundsOf(intent.paymentIntentId)).toEqual([]);
      expect(await stockOf(plenty)).toBe(5);
      expect(await stockOf(last)).toBe(0);
      expect(await cartOf(me)).toEqual(cartBefore);
    };
    return { me, intent, plenty, last, soldOut: `Sorry, ${last.name} is out of stock.`, expectNothingWritten };
  }

  /** The customer's attempt at the order, whose refund Stripe made but whose answer never came back. */
  async function refundAnswerLost() {
    const paid = await paidCartThatSoldOut();
    fake.state.loseRefundAnswers = true;
    try {
      const failed = await payByCard(paid.me, paid.intent.paymentIntentId);
      expect(failed.errors).toEqual([
        expect.objectContaining({ message: REFUND_FAILED, extensions: { code: 'CONFLICT' } }),
      ]);
    } finally {
      fake.state.loseRefundAnswers = false;
    }
    expect(refundsOf(paid.intent.paymentIntentId)).toHaveLength(1);
    expect(await refundRecordsOf(paid.intent.paymentIntentId)).toEqual([]);
    return paid;
  }

  /** Each way a paid cart comes back for its order, answering as for a payment already refunded. */
  const comeBacks: Record<string, (who: Person, paymentIntentId: string) => Promise<void>> = {
    placeOrder: async (who, paymentIntentId) => {
      const res = await payByCard(who, paymentIntentId);
      expect(res.errors).toEqual([
        expect.objectContaining({
          message: ORDER_MESSAGES.alreadyRefunded,
          extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
        }),
      ]);
    },
    'POST /api/orders': async (who, paymentIntentId) => {
      expect(await payByRest(who, paymentIntentId)).toMatchObject({
        status: 400,
        body: { message: ORDER_MESSAGES.alreadyRefunded, code: 'BAD_USER_INPUT' },
      });
    },
    'the webhook': async (_who, paymentIntentId) => {
      const res = await webhook(succeededEvent(paymentIntentId));
      expect(res).toMatchObject({ status: 200, body: { received: true } });
      expect(logOf(res).filter((line) => line.level >= 50)).toEqual([]);
    },
  };

  /**
   * Delivers the event into genuine deadlocks (one, or as many as `deadlocks` runs of its transaction) and answers what
   * the webhook answered: the test's own transaction holds a lock (`hold`) that completing the payment needs after it
   * has taken the customer's row.
   */
  const deliverIntoDeadlock = (
    customer: Person,
    event: string,
    hold: (test: QueryRunner) => Promise<unknown>,
    deadlocks = 1,
  ) => sendIntoDeadlocks(app.db, { userId: customer.user.id, hold, deadlocks }, () => webhook(event));

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await createTestApp(
      {
        STRIPE_SECRET_KEY: 'sk_test_gateway',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_gateway',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
      },
      { captureLogs: true },
    );
    admin = await createAdmin(app.db, app.deps.jwtSecret);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('offers card payment with the publishable key', async () => {
    const res = await app.gql(CONFIG);
    expect(res.data).toEqual({ paymentConfig: { cardAvailable: true, publishableKey: 'pk_test_gateway' } });
  });

  it('creates the intent for the server cart total, once per cart (idempotency key), with the customer in its metadata', async () => {
    const me = await newUser();
    await putInCart(me, await createProduct(app.db, { priceCents: 1000 }), 3);
    const first = await intentFor(me);
    // 30.00 + 3.00 + 5.00
    expect(first.amount).toBe(38);
    expect(fake.intent(first.paymentIntentId)).toMatchObject({
      amount: 3800,
      currency: 'usd',
      metadata: { userId: me.user.id, fullName: DETAIL.fullName, city: DETAIL.city },
      // No payment method that leaves the page: the checkout confirms in place and places the order itself.
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
    });
    expect((await intentFor(me)).paymentIntentId).toBe(first.paymentIntentId);

    const rest = await app.http('/api/stripe/create-payment-intent', {
      method: 'POST',
      token: me.token,
      json: { cartItems: [{ product: { price: 0.01 }, quantity: 1 }] },
    });
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body)).toEqual(['clientSecret']);
    const restIntent = [...fake.intents.values()].find((intent) => intent.client_secret === rest.body.clientSecret);
    expect(restIntent?.amount).toBe(3800);

    expect((await app.gql(INTENT)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await app.http('/api/stripe/create-payment-intent', { method: 'POST', json: {} })).status).toBe(401);
    const empty = await app.gql(INTENT, {}, { token: (await newUser()).token });
    expect(empty.errors?.[0].message).toBe(ORDER_MESSAGES.emptyCart);
  });

  it('asks Stripe for no intent when the cart no longer comes to the total the customer was shown', async () => {
    const me = await newUser();
    await putInCart(me, await createProduct(app.db, { priceCents: 1000 }), 3);
    const asked = fake.state.requests.length;
    // shown 38.00 (30.00 + 3.00 + 5.00), then a price went up in another tab's view
    await app.db.query(
      'UPDATE products SET price_cents = 1100 WHERE id IN (SELECT product_id FROM cart_items WHERE user_id = $1)',
      [me.user.id],
    );
    const stale = await app.gql(INTENT, { orderDetail: DETAIL, expectedTotal: 38 }, { token: me.token });
    expect(stale.errors?.[0]).toMatchObject({
      message: ORDER_MESSAGES.totalChanged(4130),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(fake.state.requests.length).toBe(asked);
    const current = await app.gql<{ createPaymentIntent: IntentData }>(
      INTENT,
      { orderDetail: DETAIL, expectedTotal: 41.3 },
      { token: me.token },
    );
    expect(current.data?.createPaymentIntent.amount).toBe(41.3);
    const huge = await app.gql(
      'mutation { createPaymentIntent(expectedTotal: 1e400) { paymentIntentId } }',
      {},
      { token: me.token },
    );
    expect(huge.errors?.map((e) => e.message)).toEqual([ORDER_MESSAGES.badTotal]);
  });

  it('asks Stripe for no intent while the cart holds a product deleted since', async () => {
    const me = await newUser();
    const gone = await createProduct(app.db, { name: 'Pulled Game' });
    await putInCart(me, await createProduct(app.db), 1);
    await putInCart(me, gone, 1);
    await app.db.query('DELETE FROM products WHERE id = $1', [gone.id]);
    const before = fake.intents.size;
    const res = await app.gql(INTENT, { orderDetail: DETAIL }, { token: me.token });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Sorry, Pulled Game is no longer sold. Remove it from your cart.',
      extensions: { code: 'CONFLICT' },
    });
    expect(fake.intents.size).toBe(before);
  });

  it('asks Stripe for no intent while a line holds more than the stock: the card is not charged for a refusal', async () => {
    const me = await newUser();
    const scarce = await createProduct(app.db, { name: 'Scarce Pad', amount: 5 });
    await putInCart(me, scarce, 3);
    const before = fake.intents.size;
    for (const [amount, message] of [
      [2, 'Only 2 of Scarce Pad left in stock.'],
      [0, 'Sorry, Scarce Pad is out of stock.'],
    ] as const) {
      await app.db.query('UPDATE products SET amount = $2 WHERE id = $1', [scarce.id, amount]);
      const res = await app.gql(INTENT, { orderDetail: DETAIL }, { token: me.token });
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'CONFLICT' } });
    }
    expect(fake.intents.size).toBe(before);
  });

  it('asks Stripe for no intent with details the order would refuse: the card is not charged for a checkout that cannot end', async () => {
    const me = await newUser();
    await putInCart(me, await createProduct(app.db), 1);
    const before = fake.intents.size;
    const bad = { ...DETAIL, email: 'not-an-email' };
    const res = await app.gql(INTENT, { orderDetail: bad }, { token: me.token });
    expect(res.errors?.[0]).toMatchObject({
      message: ORDER_MESSAGES.email,
      extensions: { code: 'BAD_USER_INPUT', field: 'orderDetail.email' },
    });
    const rest = await app.http('/api/stripe/create-payment-intent', {
      method: 'POST',
      token: me.token,
      json: { cartItems: [], orderDetail: bad },
    });
    expect(rest).toMatchObject({ status: 400, body: { message: ORDER_MESSAGES.email } });
    expect(fake.intents.size).toBe(before);

    // what the intent carries is what the order would keep: trimmed
    const spaced = await app.gql<{ createPaymentIntent: IntentData }>(
      INTENT,
      { orderDetail: { ...DETAIL, email: `  ${DETAIL.email} `, city: ` ${DETAIL.city}  ` } },
      { token: me.token },
    );
    expect(fake.intent(spaced.data!.createPaymentIntent.paymentIntentId)).toMatchObject({
      metadata: { email: DETAIL.email, city: DETAIL.city },
    });
  });

  it('keeps a paid REST card order whose client-side total is rounded differently: the charge is the check', async () => {
    const me = await newUser();
    const product = await createProduct(app.db, { priceCents: 1599 });
    await putInCart(me, product, 1);
    const intent = await intentFor(me);
    fake.succeed(intent.paymentIntentId);
    const res = await app.http('/api/orders', {
      method: 'POST',
      token: me.token,
      json: {
        paymentMethod: 'stripe',
        paymentIntentId: intent.paymentIntentId,
        totalAmount: 21.55,
        orderDetail: DETAIL,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'paid', totalAmount: intent.amount });
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(0);
  });

  it('makes a paid stripe order only for a succeeded intent of this customer with the right amount', async () => {
    const me = await newUser();
    const product = await createProduct(app.db, { priceCents: 2000, amount: 5 });
    await putInCart(me, product, 1);
    const intent = await intentFor(me);

    const notYet = await payByCard(me, intent.paymentIntentId);
    expect(notYet.errors?.[0].message).toBe(ORDER_MESSAGES.intentNotSucceeded);
    expect(await ordersOf(me)).toBe(0);
    expect(await stockOf(product)).toBe(5);

    fake.succeed(intent.paymentIntentId);
    const thief = await newUser();
    await putInCart(thief, product, 1);
    const stolen = await payByCard(thief, intent.paymentIntentId);
    expect(stolen.errors?.[0]).toMatchObject({
      message: ORDER_MESSAGES.intentNotYours,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await ordersOf(thief)).toBe(0);

    const missing = await payByCard(me, 'pi_does_not_exist');
    expect(missing.errors?.[0]).toMatchObject({
      message: ORDER_MESSAGES.intentNotFound,
      extensions: { code: 'NOT_FOUND' },
    });
    // malformed or far too long, an id is one not found, as any other: the same words and the same code
    for (const id of ['../refunds', `pi_${'x'.repeat(300)}`]) {
      expect((await payByCard(me, id)).errors?.[0]).toMatchObject({
        message: ORDER_MESSAGES.intentNotFound,
        extensions: { code: 'NOT_FOUND' },
      });
    }

    const paid = await payByCard(me, intent.paymentIntentId);
    expect(paid.errors).toBeUndefined();
    expect(paid.data!.placeOrder).toMatchObject({
      status: 'paid',
      paymentMethod: 'stripe',
      paymentIntentId: intent.paymentIntentId,
      totalAmount: 27,
    });
    expect(await stockOf(product)).toBe(4);

    // The same intent again (a retry, or a new cart): the same order, never a second one.
    await putInCart(me, product, 1);
    const again = await payByCard(me, intent.paymentIntentId);
    expect(again.data!.placeOrder.id).toBe(paid.data!.placeOrder.id);
    expect(await ordersOf(me)).toBe(1);
    expect(await stockOf(product)).toBe(4);
  });

  it('refunds a succeeded payment that cannot become an order, once, and never makes an order from it later', async () => {
    const me = await newUser();
    const product = await createProduct(app.db, { name: 'Last Console', priceCents: 2000, amount: 1 });
    await putInCart(me, product, 1);
    const intent = await intentFor(me);
    fake.succeed(intent.paymentIntentId);
    // Someone else buys the last unit while this customer is paying.
    await app.db.query('UPDATE products SET amount = 0 WHERE id = $1', [product.id]);
    const soldOut = await payByCard(me, intent.paymentIntentId);
    expect(soldOut.errors?.[0]).toMatchObject({
      message: ORDER_MESSAGES.paymentRefunded('Sorry, Last Console is out of stock.'),
      extensions: { code: 'CONFLICT' },
    });
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(1);

    // Back in stock: neither a retry nor the late webhook turns the refunded payment into an order.
    await app.db.query('UPDATE products SET amount = 5 WHERE id = $1', [product.id]);
    const retry = await payByCard(me, intent.paymentIntentId);
    expect(retry.errors?.[0].message).toBe(ORDER_MESSAGES.alreadyRefunded);
    expect((await webhook(succeededEvent(intent.paymentIntentId))).status).toBe(200);
    expect(await ordersOf(me)).toBe(0);
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(1);

    // An intent whose amount is not the cart's total is refunded the same way.
    const other = await newUser();
    await putInCart(other, product, 1);
    const wrong = await intentFor(other);
    fake.succeed(wrong.paymentIntentId);
    fake.intent(wrong.paymentIntentId).amount = 100;
    const short = await payByCard(other, wrong.paymentIntentId);
    expect(short.errors?.[0].message).toBe(ORDER_MESSAGES.paymentRefunded(ORDER_MESSAGES.intentAmount));
    expect(await ordersOf(other)).toBe(0);
    expect(await stockOf(product)).toBe(5);

    // So is one of the right amount in another currency (2,700 yen is not $27).
    const abroad = await newUser();
    await putInCart(abroad, product, 1);
    const foreign = await intentFor(abroad);
    fake.succeed(foreign.paymentIntentId);
    fake.intent(foreign.paymentIntentId).currency = 'jpy';
    const yen = await payByCard(abroad, foreign.paymentIntentId);
    expect(yen.errors?.[0].message).toBe(ORDER_MESSAGES.paymentRefunded(ORDER_MESSAGES.intentAmount));
    expect(await ordersOf(abroad)).toBe(0);
    expect(await stockOf(product)).toBe(5);
    expect(refundsOf(foreign.paymentIntentId)).toHaveLength(1);
  });

  it('gives a cart whose payment was refunded a new intent (the same on a double click) that pays for its order', async () => {
    const { me, product, intent } = await paidCart({ stock: 1, quantity: 1 });
    // paid, and on its way to an order: the same intent, never a second charge
    expect((await intentFor(me)).paymentIntentId).toBe(intent.paymentIntentId);

    await app.db.query('UPDATE products SET amount = 0 WHERE id = $1', [product.id]);
    expect((await payByCard(me, intent.paymentIntentId)).errors?.[0].extensions?.code).toBe('CONFLICT');
    await expectRefundedOnce(intent.paymentIntentId);
    await app.db.query('UPDATE products SET amount = 1 WHERE id = $1', [product.id]);

    const again = await intentFor(me);
    expect(again.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect(fake.intent(again.paymentIntentId).status).toBe('requires_payment_method');
    expect((await intentFor(me)).paymentIntentId).toBe(again.paymentIntentId);
    const rest = await app.http('/api/stripe/create-payment-intent', { method: 'POST', token: me.token, json: {} });
    expect(rest.body.clientSecret).not.toBe(fake.intent(intent.paymentIntentId).client_secret);

    fake.succeed(again.paymentIntentId);
    const placed = await payByCard(me, again.paymentIntentId);
    expect(placed.errors).toBeUndefined();
    expect(placed.data?.placeOrder.status).toBe('paid');
    expect(await ordersOf(me)).toBe(1);
  });

  it('makes exactly one order when the webhook is replayed 10 times while the browser also completes', async () => {
    const { me, product, intent } = await paidCart({ stock: 10, quantity: 2 });
    const event = succeededEvent(intent.paymentIntentId);
    const [browser, ...hooks] = await Promise.all([
      payByCard(me, intent.paymentIntentId),
      ...Array.from({ length: 10 }, () => webhook(event)),
    ]);
    expect(browser.errors).toBeUndefined();
    for (const hook of hooks) expect(hook).toMatchObject({ status: 200, body: { received: true } });
    expect(await ordersOf(me)).toBe(1);
    expect(await stockOf(product)).toBe(8);
  });

  it('completes the order from the webhook when the browser never comes back, with the checkout details', async () => {
    const me = await newUser();
    await putInCart(me, await createProduct(app.db), 1);
    // the longest notes checkout takes, more than one metadata value holds
    const notes = Array.from({ length: 2000 }, (_, i) => 'abcdefghij'[i % 10])
      .join('')
      .replace(/^a/, 'A');
    const created = await app.gql<{ createPaymentIntent: IntentData }>(
      INTENT,
      { orderDetail: { ...DETAIL, notes } },
      { token: me.token },
    );
    const intent = created.data!.createPaymentIntent;
    expect(Object.values(fake.intent(intent.paymentIntentId).metadata).every((v) => v.length <= 500)).toBe(true);
    fake.succeed(intent.paymentIntentId);
    expect((await webhook(succeededEvent(intent.paymentIntentId))).status).toBe(200);
    const rows = await app.db.query(
      'SELECT status, payment_method, full_name, city, notes FROM orders WHERE user_id = $1',
      [me.user.id],
    );
    expect(rows).toEqual([
      { status: 'paid', payment_method: 'stripe', full_name: DETAIL.fullName, city: DETAIL.city, notes },
    ]);
    expect(await app.db.query('SELECT * FROM cart_items WHERE user_id = $1', [me.user.id])).toEqual([]);
    // The browser arriving late gets the same order.
    const late = await payByCard(me, intent.paymentIntentId);
    expect(late.errors).toBeUndefined();
    expect(await ordersOf(me)).toBe(1);
  });

  it('makes the one order from a webhook whose transaction a deadlock rolled back, running it again', async () => {
    const { me, product, intent } = await paidCart({ stock: 5, quantity: 2 });
    const event = succeededEvent(intent.paymentIntentId);

    // The test holds the product's row, which the order's stock update waits for.
    const delivered = await deliverIntoDeadlock(me, event, (test) =>
      test.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [product.id]),
    );
    expect(delivered).toMatchObject({ status: 200, body: { received: true } });
    expect(logOf(delivered)).toEqual([
      expect.objectContaining({
        level: 40,
        sqlState: '40P01',
        msg: 'transaction rolled back by PostgreSQL, running it again',
      }),
      expect.objectContaining({ level: 30, res: { statusCode: 200 } }),
    ]);
    expect(await ordersOf(me)).toBe(1);
    expect(await stockOf(product)).toBe(3);
    expect(await cartOf(me)).toEqual([]);

    // Stripe sends the event again: a later copy finds the order.
    expect(await webhook(event)).toMatchObject({ status: 200, body: { received: true } });
    expect(await ordersOf(me)).toBe(1);
    expect(await stockOf(product)).toBe(3);
    expect(refundsOf(intent.paymentIntentId)).toEqual([]);
  });

  it(`answers 503 to a webhook whose ${TRANSACTION_ATTEMPTS} runs all deadlocked, having written nothing; its redelivery makes the one order`, async () => {
    const { me, product, intent } = await paidCart({ stock: 5, quantity: 2 });
    const event = succeededEvent(intent.paymentIntentId);

    const failed = await deliverIntoDeadlock(
      me,
      event,
      (test) => test.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [product.id]),
      TRANSACTION_ATTEMPTS,
    );
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(logOf(failed).filter((line) => line.level >= 50)).toEqual([]);
    expect(await ordersOf(me)).toBe(0);
    expect(await stockOf(product)).toBe(5);
    expect(await cartOf(me)).toEqual([{ product_id: product.id, quantity: 2 }]);

    // Stripe sends the event again: the order is made once, and a later copy finds it.
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await webhook(event)).toMatchObject({ status: 200, body: { received: true } });
    }
    expect(await ordersOf(me)).toBe(1);
    expect(await stockOf(product)).toBe(3);
    expect(await cartOf(me)).toEqual([]);
    expect(refundsOf(intent.paymentIntentId)).toEqual([]);
  });

  it('answers 503 when the refund of an unsellable paid cart was made but a deadlock lost its record; the redelivery records that one refund', async () => {
    const me = await newUser();
    const product = await createProduct(app.db, { name: 'Last Headset', amount: 1 });
    await putInCart(me, product, 1);
    const intent = await intentFor(me);
    fake.succeed(intent.paymentIntentId);
    await app.db.query('UPDATE products SET amount = 0 WHERE id = $1', [product.id]);
    const event = succeededEvent(intent.paymentIntentId);

    // The test writes (and never commits) a record of this payment, for another customer: the webhook, having refunded
    // through Stripe, waits to write its own record under the same key.
    const failed = await deliverIntoDeadlock(me, event, (test) =>
      test.query(`INSERT INTO refunded_payments (payment_intent_id, user_id, reason) VALUES ($1, $2, 'held')`, [
        intent.paymentIntentId,
        admin.user.id,
      ]),
    );
    expect(failed.status).toBe(503);
    // Not run again: the refund is asked of Stripe inside the transaction.
    expect(logOf(failed)).toEqual([
      expect.objectContaining({ level: 40, err: expect.objectContaining({ code: '40P01' }) }),
    ]);
    const refunds = refundsOf(intent.paymentIntentId);
    expect(refunds).toHaveLength(1);
    expect(await refundRecordsOf(intent.paymentIntentId)).toEqual([]);

    // The redelivery asks Stripe again: nothing is left to refund (charge_already_refunded), so the refund made is the one
    // recorded, and no order.
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await webhook(event)).toMatchObject({ status: 200, body: { received: true } });
    }
    expect(refundsOf(intent.paymentIntentId)).toEqual(refunds);
    expect(await refundRecordsOf(intent.paymentIntentId)).toEqual([{ refund_id: refunds[0].id }]);
    expect(await ordersOf(me)).toBe(0);
    expect(await stockOf(product)).toBe(0);
  });

  it('answers 503 while Stripe fails the refund of an unsellable paid cart; the redelivery refunds it once', async () => {
    const me = await newUser();
    const product = await createProduct(app.db, { name: 'Last Wheel', amount: 1 });
    await putInCart(me, product, 1);
    const intent = await intentFor(me);
    fake.succeed(intent.paymentIntentId);
    await app.db.query('UPDATE products SET amount = 0 WHERE id = $1', [product.id]);
    const event = succeededEvent(intent.paymentIntentId);

    fake.state.failRefunds = true;
    try {
      const failed = await webhook(event);
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({
        message: ORDER_MESSAGES.unfulfilledRefundFailed,
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      fake.state.failRefunds = false;
    }
    expect(await refundRecordsOf(intent.paymentIntentId)).toEqual([]);

    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await webhook(event)).toMatchObject({ status: 200, body: { received: true } });
    }
    await expectRefundedOnce(intent.paymentIntentId);
    expect(await ordersOf(me)).toBe(0);
  });

  it('answers placeOrder CONFLICT while Stripe fails the refund of an unsellable paid cart, having written nothing; the customer’s retry refunds it once', async () => {
    const { me, intent, plenty, soldOut, expectNothingWritten } = await paidCartThatSoldOut();

    fake.state.failRefunds = true;
    try {
      const failed = await payByCard(me, intent.paymentIntentId);
      expect(failed.data).toBeNull();
      expect(failed.errors).toEqual([
        expect.objectContaining({ message: REFUND_FAILED, extensions: { code: 'CONFLICT' } }),
      ]);
    } finally {
      fake.state.failRefunds = false;
    }
    await expectNothingWritten();

    // Stripe is back: the customer's retry asks for the refund again and gets the answer of a refunded payment.
    const refunded = await payByCard(me, intent.paymentIntentId);
    expect(refunded.errors).toEqual([
      expect.objectContaining({
        message: `${soldOut} Your card payment has been refunded.`,
        extensions: { code: 'CONFLICT' },
      }),
    ]);
    const again = await payByCard(me, intent.paymentIntentId);
    expect(again.errors?.[0]).toMatchObject({
      message: ORDER_MESSAGES.alreadyRefunded,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    await expectRefundedOnce(intent.paymentIntentId);
    expect(await ordersOf(me)).toBe(0);
    expect(await stockOf(plenty)).toBe(5);
  });

  it('answers POST /api/orders 409 while Stripe fails the refund of an unsellable paid cart, having written nothing; the customer’s retry refunds it once', async () => {
    const { me, intent, plenty, soldOut, expectNothingWritten } = await paidCartThatSoldOut();

    fake.state.failRefunds = true;
    try {
      const failed = await payByRest(me, intent.paymentIntentId);
      expect(failed).toMatchObject({
        status: 409,
        body: { message: REFUND_FAILED, error: REFUND_FAILED, code: 'CONFLICT' },
      });
    } finally {
      fake.state.failRefunds = false;
    }
    await expectNothingWritten();

    const refunded = await payByRest(me, intent.paymentIntentId);
    const message = `${soldOut} Your card payment has been refunded.`;
    expect(refunded).toMatchObject({ status: 409, body: { message, error: message, code: 'CONFLICT' } });
    const again = await payByRest(me, intent.paymentIntentId);
    expect(again).toMatchObject({
      status: 400,
      body: { message: ORDER_MESSAGES.alreadyRefunded, code: 'BAD_USER_INPUT' },
    });
    await expectRefundedOnce(intent.paymentIntentId);
    expect(await ordersOf(me)).toBe(0);
    expect(await stockOf(plenty)).toBe(5);
  });

  it('makes the refund Stripe failed once it is back, though Stripe keeps answering the failed request’s idempotency key with that failure', async () => {
    const { me, intent } = await paidCartThatSoldOut();
    const event = succeededEvent(intent.paymentIntentId);
    fake.state.failRefunds = true;
    try {
      expect((await payByCard(me, intent.paymentIntentId)).errors?.[0].message).toBe(REFUND_FAILED);
      expect(await webhook(event)).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });
    } finally {
      fake.state.failRefunds = false;
    }

    // Within Stripe's 24 hours, a retry under either failed request's key would get its 500 again.
    expect(await webhook(event)).toMatchObject({ status: 200, body: { received: true } });
    expect((await payByCard(me, intent.paymentIntentId)).errors?.[0].message).toBe(ORDER_MESSAGES.alreadyRefunded);
    const saved = [...fake.idempotent]
      .filter(([key]) => key.startsWith(`/v1/refunds:refund-unfulfilled-${intent.paymentIntentId}-`))
      .map(([, { answer }]) => answer.status);
    expect(saved).toEqual([500, 500, 200]);
    await expectRefundedOnce(intent.paymentIntentId);
    expect(await ordersOf(me)).toBe(0);
  });

  it.each(Object.keys(comeBacks))(
    'makes no order from a paid cart whose refund Stripe made but whose answer was lost, when %s comes back after a restock; that one refund is recorded',
    async (first) => {
      const { me, intent, plenty, last } = await refundAnswerLost();
      const cartBefore = await cartOf(me);
      await app.db.query('UPDATE products SET amount = 5 WHERE id = $1', [last.id]);

      await comeBacks[first](me, intent.paymentIntentId);
      const refunds = await expectRefundedOnce(intent.paymentIntentId);
      for (const [way, comeBack] of Object.entries(comeBacks))
        if (way !== first) await comeBack(me, intent.paymentIntentId);
      expect(refundsOf(intent.paymentIntentId)).toEqual(refunds);
      expect(await refundRecordsOf(intent.paymentIntentId)).toEqual([{ refund_id: refunds[0].id }]);
      expect(await ordersOf(me)).toBe(0);
      expect(await stockOf(plenty)).toBe(5);
      expect(await stockOf(last)).toBe(5);
      expect(await cartOf(me)).toEqual(cartBefore);
    },
  );

  it('makes no order and no second refund when the customer and three webhook deliveries come back at once after a lost refund answer', async () => {
    const { me, intent, last } = await refundAnswerLost();
    await app.db.query('UPDATE products SET amount = 5 WHERE id = $1', [last.id]);
    await Promise.all([
      comeBacks.placeOrder(me, intent.paymentIntentId),
      ...Array.from({ length: 3 }, () => comeBacks['the webhook'](me, intent.paymentIntentId)),
    ]);
    await expectRefundedOnce(intent.paymentIntentId);
    expect(await ordersOf(me)).toBe(0);
  });

  it('makes no order from a paid cart refunded by hand in Stripe’s dashboard after the customer was told the refund failed; that refund is recorded', async () => {
    const { me, intent, last } = await paidCartThatSoldOut();
    fake.state.failRefunds = true;
    try {
      expect((await payByCard(me, intent.paymentIntentId)).errors?.[0].message).toBe(REFUND_FAILED);
    } finally {
      fake.state.failRefunds = false;
    }
    const byHand = fake.refundByHand(intent.paymentIntentId);
    await app.db.query('UPDATE products SET amount = 5 WHERE id = $1', [last.id]);

    for (const comeBack of Object.values(comeBacks)) await comeBack(me, intent.paymentIntentId);
    expect(refundsOf(intent.paymentIntentId)).toEqual([byHand]);
    expect(await refundRecordsOf(intent.paymentIntentId)).toEqual([{ refund_id: byHand.id }]);
    expect(await ordersOf(me)).toBe(0);
  });

  it('refunds the rest of a payment refunded in part by hand before its order was made, and makes no order from it', async () => {
    const { me, product, intent } = await paidCart({ stock: 5, quantity: 1 });
    const part = fake.refundByHand(intent.paymentIntentId, 500);

    await comeBacks['the webhook'](me, intent.paymentIntentId);
    await comeBacks.placeOrder(me, intent.paymentIntentId);
    const refunds = refundsOf(intent.paymentIntentId);
    expect(refunds).toEqual([
      part,
      expect.objectContaining({ amount: fake.intent(intent.paymentIntentId).amount - 500 }),
    ]);
    expect(await refundRecordsOf(intent.paymentIntentId)).toEqual([{ refund_id: refunds[1].id }]);
    expect(await ordersOf(me)).toBe(0);
    expect(await stockOf(product)).toBe(5);
  });

  it('makes no order while Stripe does not say which refunds the payment has (503, nothing written), and the one order once it does', async () => {
    const { me, product, intent } = await paidCart({ stock: 5, quantity: 2 });
    const event = succeededEvent(intent.paymentIntentId);

    fake.state.failRefundLists = true;
    try {
      const customer = await payByCard(me, intent.paymentIntentId);
      expect(customer.errors).toEqual([
        expect.objectContaining({
          message: PAYMENT_MESSAGES.intentFailed,
          extensions: { code: 'SERVICE_UNAVAILABLE' },
        }),
      ]);
      expect(await webhook(event)).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });
    } finally {
      fake.state.failRefundLists = false;
    }
    expect(await ordersOf(me)).toBe(0);
    expect(await stockOf(product)).toBe(5);
    expect(await cartOf(me)).toEqual([{ product_id: product.id, quantity: 2 }]);

    expect(await webhook(event)).toMatchObject({ status: 200, body: { received: true } });
    expect((await payByCard(me, intent.paymentIntentId)).errors).toBeUndefined();
    expect(await ordersOf(me)).toBe(1);
    expect(await stockOf(product)).toBe(3);
    expect(refundsOf(intent.paymentIntentId)).toEqual([]);
  });

  it('answers 200 to the events it settles without an order, logging none as an error: a retry could not change them', async () => {
    const me = await newUser();
    const product = await createProduct(app.db, { name: 'Last Controller', amount: 1 });
    await putInCart(me, product, 1);
    const intent = await intentFor(me);
    const answers = [];

    // An intent not succeeded yet, and an event type the gateway does not handle.
    answers.push(await webhook(succeededEvent(intent.paymentIntentId)));
    fake.succeed(intent.paymentIntentId);
    answers.push(await webhook(eventOf('payment_intent.created', fake.intent(intent.paymentIntentId))));
    // Intents of no customer: none named, a malformed id, a customer who does not exist.
    for (const metadata of [{}, { userId: 'not-a-uuid' }, { userId: randomUUID() }]) {
      answers.push(
        await webhook(eventOf('payment_intent.succeeded', { ...fake.intent(intent.paymentIntentId), metadata })),
      );
    }
    expect(await ordersOf(me)).toBe(0);

    // The paid cart can no longer be sold: refunded once, for this delivery and the next.
    await app.db.query('UPDATE products SET amount = 0 WHERE id = $1', [product.id]);
    const refunded = await webhook(succeededEvent(intent.paymentIntentId));
    answers.push(refunded, await webhook(succeededEvent(intent.paymentIntentId)));
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(1);
    expect(logOf(refunded)).toContainEqual(
      expect.objectContaining({
        level: 40,
        reason: ORDER_MESSAGES.paymentRefunded('Sorry, Last Controller is out of stock.'),
      }),
    );

    // A paid order's intent named for another customer: that customer gets no order.
    const buyer = await newUser();
    await app.db.query('UPDATE products SET amount = 1 WHERE id = $1', [product.id]);
    await putInCart(buyer, product, 1);
    const bought = await intentFor(buyer);
    fake.succeed(bought.paymentIntentId);
    expect((await payByCard(buyer, bought.paymentIntentId)).errors).toBeUndefined();
    const other = await newUser();
    await putInCart(other, await createProduct(app.db), 1);
    const renamed = { ...fake.intent(bought.paymentIntentId), metadata: { userId: other.user.id } };
    answers.push(await webhook(eventOf('payment_intent.succeeded', renamed)));
    expect(await ordersOf(other)).toBe(0);
    expect(await ordersOf(buyer)).toBe(1);

    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, body: { received: true } });
      expect(logOf(answer).filter((line) => line.level >= 50)).toEqual([]);
    }
  });

  it('answers 400 to a signed event it cannot read, logging no error', async () => {
    for (const malformed of [
      { id: `evt_${randomUUID()}`, object: 'event', type: 'payment_intent.succeeded' },
      { id: `evt_${randomUUID()}`, object: 'event', type: 'payment_intent.succeeded', data: { object: null } },
      { id: `evt_${randomUUID()}`, object: 'event', type: 'refund.failed', data: { object: 'refund' } },
      { id: `evt_${randomUUID()}`, object: 'event', type: 'refund.failed', data: { object: { status: 'failed' } } },
      ...[42, ['card'], { code: 'x' }].map((failure_reason) => ({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'refund.failed',
        data: { object: { id: `re_${randomUUID()}`, object: 'refund', status: 'failed', failure_reason } },
      })),
      // PostgreSQL keeps no NUL in text: a field holding one is refused, not a failed write
      {
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'refund.failed',
        data: { object: { id: 're_\u0000', object: 'refund', status: 'failed', failure_reason: 'unknown' } },
      },
      {
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'refund.updated',
        data: { object: { id: `re_${randomUUID()}`, object: 'refund', status: 'failed', failure_reason: 'a\u0000' } },
      },
    ]) {
      const res = await webhook(JSON.stringify(malformed));
      expect(res).toMatchObject({ status: 400, body: { message: PAYMENT_MESSAGES.malformedEvent } });
      expect(logOf(res).filter((line) => line.level >= 50)).toEqual([]);
    }
  });

  it('answers 400 to a webhook with a bad signature and does nothing', async () => {
    const me = await newUser();
    await putInCart(me, await createProduct(app.db), 1);
    const intent = await intentFor(me);
    fake.succeed(intent.paymentIntentId);
    const event = succeededEvent(intent.paymentIntentId);
    const forged = signer.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_wrong' });
    const res = await webhook(event, forged);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: PAYMENT_MESSAGES.badSignature, error: PAYMENT_MESSAGES.badSignature });
    expect((await webhook(event, 'garbage')).status).toBe(400);
    expect(await ordersOf(me)).toBe(0);
  });

  it('refunds a paid card order through Stripe when it is cancelled; a failed refund cancels nothing', async () => {
    const { me, product, intent } = await paidCart({ stock: 3, quantity: 1 });
    const order = (await payByCard(me, intent.paymentIntentId)).data!.placeOrder;

    fake.state.failRefunds = true;
    const failed = await app.gql(CANCEL, { id: order.id }, { token: admin.token });
    expect(failed.errors?.[0].message).toBe(ORDER_MESSAGES.refundFailed);
    expect(await app.db.query('SELECT status FROM orders WHERE id = $1', [order.id])).toEqual([{ status: 'paid' }]);
    expect(await stockOf(product)).toBe(2);

    fake.state.failRefunds = false;
    const cancelled = await app.gql(CANCEL, { id: order.id }, { token: me.token });
    expect(cancelled.data).toEqual({ cancelOrder: { id: order.id, status: 'cancelled' } });
    // the whole payment back
    expect(refundsOf(intent.paymentIntentId).map((refund) => refund.amount)).toEqual([
      fake.intent(intent.paymentIntentId).amount,
    ]);
    expect(await stockOf(product)).toBe(3);
  });

  it('keeps the stock of a cancelled card order unlocked while Stripe takes its time over the refund', async () => {
    const { me, product, intent } = await paidCart({ stock: 3, quantity: 1 });
    const order = (await payByCard(me, intent.paymentIntentId)).data!.placeOrder;
    const other = await newUser();
    await putInCart(other, product, 1);

    let answerRefunds!: () => void;
    fake.state.refundsWaitFor = new Promise<void>((resolve) => (answerRefunds = resolve));
    const asked = fake.state.requests.length;
    try {
      const cancelling = app.gql(CANCEL, { id: order.id }, { token: me.token });
      while (!fake.state.requests.slice(asked).includes('POST /v1/refunds'))
        await new Promise((r) => setTimeout(r, 20));
      // The refund is at Stripe, unanswered: another customer buys the same product meanwhile.
      const bought = await app.gql(PLACE, { orderDetail: DETAIL, paymentMethod: 'Cash' }, { token: other.token });
      expect(bought.errors).toBeUndefined();
      expect(await stockOf(product)).toBe(1);
      answerRefunds();
      expect((await cancelling).data).toEqual({ cancelOrder: { id: order.id, status: 'cancelled' } });
    } finally {
      answerRefunds();
      fake.state.refundsWaitFor = null;
    }
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(1);
    expect(await stockOf(product)).toBe(2);
  });

  it('still refunds a paid card order cancelled after card payment was switched off for new orders (no publishable key)', async () => {
    const { me, product, intent } = await paidCart({ stock: 3, quantity: 1 });
    const order = (await payByCard(me, intent.paymentIntentId)).data!.placeOrder;
    const { publishableKey } = app.deps.config.stripe;
    app.deps.config.stripe.publishableKey = undefined; // as after a restart without STRIPE_PUBLISHABLE_KEY
    try {
      expect((await app.gql(CONFIG)).data).toEqual({ paymentConfig: { cardAvailable: false, publishableKey: null } });
      const cancelled = await app.gql(CANCEL, { id: order.id }, { token: me.token });
      expect(cancelled.data).toEqual({ cancelOrder: { id: order.id, status: 'cancelled' } });
    } finally {
      app.deps.config.stripe.publishableKey = publishableKey;
    }
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(1);
    expect(await stockOf(product)).toBe(3);
  });

  it('cancels a paid card order on a server left without a Stripe secret key as a refund failed, and tells the venue', async () => {
    const { me, product, intent } = await paidCart({ stock: 3, quantity: 1 });
    const order = (await payByCard(me, intent.paymentIntentId)).data!.placeOrder;
    const displayId = order.id.slice(-6).toUpperCase();
    const { secretKey } = app.deps.config.stripe;
    app.deps.config.stripe.secretKey = undefined; // as after a restart without STRIPE_SECRET_KEY
    try {
      const cancelled = await app.gql(CANCEL, { id: order.id }, { token: admin.token });
      expect(cancelled.data).toEqual({ cancelOrder: { id: order.id, status: 'cancelled' } });
    } finally {
      app.deps.config.stripe.secretKey = secretKey;
    }
    expect(refundsOf(intent.paymentIntentId)).toHaveLength(0);
    expect(await stockOf(product)).toBe(3);
    const mine = await app.gql<{ myOrders: { orders: { id: string; refundFailure: string | null }[] } }>(
      'query { myOrders { orders { id refundFailure } } }',
      {},
      { token: me.token },
    );
    expect(mine.data!.myOrders.orders).toEqual([
      { id: order.id, refundFailure: 'card refunds are off on this server' },
    ]);
    const mails = readMailbox(app.deps.config.dataDir).filter(
      (mail) => mail.subject === `Refund needed: order ${displayId}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(app.deps.config.venue.email);
    expect(mails[0].text).toContain(`refund payment ${intent.paymentIntentId} in Stripe's dashboard`);
    expect(mails[0].text).toContain(`${DETAIL.fullName} <${DETAIL.email}>`);
    // The customer is told the money comes back another way.
    const told = await waitForMail(app, (mail) => mail.to === me.user.email && /cancelled/.test(mail.subject));
    expect(told.text).toContain('We could not refund the');
    expect(told.text).toContain('we will pay it back another way');
  });

  it('tells the customer whose paid card order the venue cancelled that the money goes back to the card', async () => {
    const { me, intent } = await paidCart({ stock: 3, quantity: 1 });
    const order = (await payByCard(me, intent.paymentIntentId)).data!.placeOrder;
    expect((await app.gql(CANCEL, { id: order.id }, { token: admin.token })).errors).toBeUndefined();
    const told = await waitForMail(app, (mail) => mail.to === me.user.email && /cancelled/.test(mail.subject));
    const paid = fake.intent(intent.paymentIntentId).amount / 100;
    expect(told.text).toContain(`The $${paid.toFixed(2)} you paid goes back to your card`);
  });

  describe('a refund that fails after Stripe accepted it', () => {
    const ORDER_REFUND = `query Order($search: String) {
      orders(search: $search) { orders { id status refundFailure } }
    }`;
    const MY_ORDERS = `query { myOrders { orders { id refundFailure } } }`;
    const mailsAbout = (refundId: string) =>
      readMailbox(app.deps.config.dataDir).filter((mail) => mail.text.includes(`Stripe refund: ${refundId}`));
    const failureLogs = (res: { headers: Headers }) =>
      logOf(res).filter((line) => line.msg === 'a Stripe refund failed: the customer is still owed the money');

    /** A paid card order its customer cancelled: refunded at Stripe, for now. */
    async function cancelledCardOrder() {
      const { me, intent } = await paidCart({ stock: 3, quantity: 1 });
      const order = (await payByCard(me, intent.paymentIntentId)).data!.placeOrder;
      expect((await app.gql(CANCEL, { id: order.id }, { token: me.token })).errors).toBeUndefined();
      const [refund] = refundsOf(intent.paymentIntentId);
      return { me, order, refund, displayId: order.id.slice(-6).toUpperCase() };
    }

    it('marks the cancelled order, shows why to its customer and to admins, and tells the venue once however often Stripe says it', async () => {
      const { me, order, refund, displayId } = await cancelledCardOrder();
      const event = eventOf('refund.failed', fake.failRefund(refund.id, 'expired_or_canceled_card'));

      const first = await webhook(event);
      expect(first).toMatchObject({ status: 200, body: { received: true } });
      expect(failureLogs(first)).toEqual([expect.objectContaining({ level: 50 })]);
      for (const again of [await webhook(event), await webhook(event)]) {
        expect(again).toMatchObject({ status: 200, body: { received: true } });
        expect(failureLogs(again)).toEqual([]);
      }

      const admins = await app.gql(ORDER_REFUND, { search: displayId }, { token: admin.token });
      expect(admins.data).toEqual({
        orders: { orders: [{ id: order.id, status: 'cancelled', refundFailure: 'expired or canceled card' }] },
      });
      const mine = await app.gql<{ myOrders: { orders: { id: string; refundFailure: string | null }[] } }>(
        MY_ORDERS,
        {},
        { token: me.token },
      );
      expect(mine.data!.myOrders.orders).toEqual([{ id: order.id, refundFailure: 'expired or canceled card' }]);
      // The REST lists tell it too (a field only such orders have).
      const rest = await app.http('/api/orders', { token: me.token });
      expect(rest.body).toEqual([
        expect.objectContaining({ _id: order.id, refundFailure: 'expired or canceled card' }),
      ]);
      const restAdmin = await app.http(`/api/orders/admin?search=${displayId}`, { token: admin.token });
      expect(restAdmin.body.orders).toEqual([
        expect.objectContaining({ _id: order.id, refundFailure: 'expired or canceled card' }),
      ]);

      const mails = mailsAbout(refund.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: app.deps.config.venue.email, subject: `Refund failed: order ${displayId}` });
      expect(mails[0].text).toContain(`Stripe could not refund $${(refund.amount / 100).toFixed(2)} to the card`);
      expect(mails[0].text).toContain("Stripe's reason: expired or canceled card.");
      expect(mails[0].text).toContain(`${DETAIL.fullName} <${DETAIL.email}>`);
    });

    it('also reads the failure from charge.refund.updated (older Stripe API versions), and nothing else from it', async () => {
      const { order, refund } = await cancelledCardOrder();
      const succeeded = await webhook(eventOf('charge.refund.updated', { ...refund, status: 'succeeded' }));
      expect(succeeded.status).toBe(200);
      expect(await app.db.query('SELECT refund_failure FROM orders WHERE id = $1', [order.id])).toEqual([
        { refund_failure: null },
      ]);

      const failed = await webhook(eventOf('charge.refund.updated', fake.failRefund(refund.id, 'lost_or_stolen_card')));
      expect(failed.status).toBe(200);
      expect(await app.db.query('SELECT refund_failure FROM orders WHERE id = $1', [order.id])).toEqual([
        { refund_failure: 'lost or stolen card' },
      ]);
      expect(mailsAbout(refund.id)).toHaveLength(1);
    });

    it('records the failed refund of a paid cart that never became an order, and tells the venue', async () => {
      const paid = await paidCartThatSoldOut();
      expect((await payByCard(paid.me, paid.intent.paymentIntentId)).errors).toHaveLength(1);
      const [refund] = await expectRefundedOnce(paid.intent.paymentIntentId);

      const res = await webhook(eventOf('refund.failed', fake.failRefund(refund.id, 'unknown')));
      expect(res).toMatchObject({ status: 200, body: { received: true } });
      expect(
        await app.db.query('SELECT refund_failure FROM refunded_payments WHERE payment_intent_id = $1', [
          paid.intent.paymentIntentId,
        ]),
      ).toEqual([{ refund_failure: 'unknown' }]);
      const [mail] = mailsAbout(refund.id);
      expect(mail.subject).toBe('Refund failed: a card payment');
      expect(mail.text).toContain(`card payment ${paid.intent.paymentIntentId}, which could not become an order`);
      expect(mail.text).toContain(`Customer: ${paid.me.user.username} <${paid.me.user.email}>`);
      // Still never an order: the payment stays settled as refunded, for staff to pay back by hand.
      await comeBacks.placeOrder(paid.me, paid.intent.paymentIntentId);
      expect(await ordersOf(paid.me)).toBe(0);
    });

    it('answers 200 to the failure of a refund that is not ours, changing nothing and telling nobody', async () => {
      const before = readMailbox(app.deps.config.dataDir).length;
      const stranger = { ...fake.refunds[0], id: 're_not_ours', status: 'failed', failure_reason: 'declined' };
      const res = await webhook(eventOf('refund.failed', stranger));
      expect(res).toMatchObject({ status: 200, body: { received: true } });
      expect(logOf(res).filter((line) => line.level >= 40)).toEqual([
        expect.objectContaining({ level: 40, msg: 'a failed Stripe refund that is not ours or is already recorded' }),
      ]);
      expect(readMailbox(app.deps.config.dataDir)).toHaveLength(before);
    });
  });

  describe('without Stripe keys', () => {
    it('reports card payment unavailable and refuses card orders; cash still works', async () => {
      const plain = await createTestApp();
      try {
        expect((await plain.gql(CONFIG)).data).toEqual({
          paymentConfig: { cardAvailable: false, publishableKey: null },
        });
        const me = await createUser(plain.db, plain.deps.jwtSecret);
        const product = await createProduct(plain.db);
        await addCartLine(plain.db, me.user.id, product);
        const intent = await plain.gql(INTENT, {}, { token: me.token });
        expect(intent.errors?.[0]).toMatchObject({
          message: ORDER_MESSAGES.cardUnavailable,
          extensions: { code: 'SERVICE_UNAVAILABLE' },
        });
        const card = await plain.gql(
          PLACE,
          { orderDetail: DETAIL, paymentMethod: 'stripe', paymentIntentId: 'pi_x' },
          { token: me.token },
        );
        expect(card.errors?.[0].message).toBe(ORDER_MESSAGES.cardUnavailable);
        const cash = await plain.gql<{ placeOrder: OrderData }>(
          PLACE,
          { orderDetail: DETAIL, paymentMethod: 'Cash' },
          { token: me.token },
        );
        expect(cash.data!.placeOrder).toMatchObject({ status: 'unpaid', paymentMethod: 'Cash' });
        const hook = await plain.http('/api/stripe/webhook', {
          method: 'POST',
          json: { type: 'payment_intent.succeeded' },
        });
        expect(hook.status).toBe(503);
      } finally {
        await plain.close();
      }
    });
  });
});
