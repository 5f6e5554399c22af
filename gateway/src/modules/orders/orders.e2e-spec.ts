import { readMailbox } from '../../common/mailer';
import { addCartLine, CHECKOUT_DETAIL, createAdmin, createProduct, createUser } from '../../test/factories';
import { waitForMail } from '../../test/mailbox';
import { sendIntoDeadlocks } from '../../test/lock-waits';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Product } from '../catalog/product.entity';
import { ORDER_MESSAGES } from './order.inputs';
import { CREATION_KEY_MESSAGE } from '../../common/validation';

const ORDER_FIELDS = `id displayId status isDelivered paymentMethod paymentIntentId subtotal tax shipping totalAmount canCancel
  orderDetail { fullName email phone address city zip notes }
  items { id productId name price quantity lineTotal product { id name } }`;
const PLACE = `mutation Place($orderDetail: OrderDetailInput!, $paymentMethod: PaymentMethod!, $paymentIntentId: String,
  $expectedTotal: Float, $creationKey: String) {
  placeOrder(orderDetail: $orderDetail, paymentMethod: $paymentMethod, paymentIntentId: $paymentIntentId,
    expectedTotal: $expectedTotal, creationKey: $creationKey) { ${ORDER_FIELDS} }
}`;
const MINE = `query Mine($page: Int, $pageSize: Int) {
  myOrders(page: $page, pageSize: $pageSize) { total page totalPages orders { ${ORDER_FIELDS} } } }`;
const ADMIN_LIST = `query All($search: String, $status: OrderFilter, $page: Int, $pageSize: Int) {
  orders(search: $search, status: $status, page: $page, pageSize: $pageSize) {
    total totalPages page orders { ${ORDER_FIELDS} user { id username email } }
  }
}`;
const CANCEL = `mutation Cancel($id: ID!) { cancelOrder(id: $id) { id status canCancel } }`;
const DELIVER = `mutation Deliver($id: ID!) { markOrderDelivered(id: $id) { id status isDelivered canCancel } }`;
const DELIVER_OPEN = `mutation DeliverOpen($id: ID!) {
  markOrderDelivered(id: $id, onlyIfOpen: true) { id status isDelivered deliveredAt } }`;
const UNDO_DELIVERY = `mutation Undo($id: ID!, $deliveredAt: DateTimeISO!) {
  undoOrderDelivery(id: $id, deliveredAt: $deliveredAt) { id status isDelivered canCancel } }`;

type OrderData = {
  id: string;
  displayId: string;
  status: string;
  isDelivered: boolean;
  paymentMethod: string;
  totalAmount: number;
  orderDetail: { fullName: string };
  items: { productId: string; name: string; price: number; quantity: number }[];
  user?: { id: string };
};
type Person = Awaited<ReturnType<typeof createUser>>;

const DETAIL = { ...CHECKOUT_DETAIL, notes: 'Ring twice' };
const DETAIL_LITERAL = `{ ${Object.entries(DETAIL)
  .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
  .join(', ')} }`;

describe('orders (HTTP, real database)', () => {
  let app: TestApp;
  let admin: Person;
  const newUser = (overrides: Parameters<typeof createUser>[2] = {}) =>
    createUser(app.db, app.deps.jwtSecret, overrides);
  const putInCart = (who: Person, product: Product, quantity: number) =>
    addCartLine(app.db, who.user.id, product, quantity);
  const stockOf = async (product: Product) =>
    (await app.db.query('SELECT amount FROM products WHERE id = $1', [product.id]))[0].amount as number;
  const place = (who: Person, variables: Record<string, unknown> = {}) =>
    app.gql<{ placeOrder: OrderData }>(
      PLACE,
      { orderDetail: DETAIL, paymentMethod: 'Cash', ...variables },
      { token: who.token },
    );
  const cashOrder = async (who: Person, product?: Product) => {
    await putInCart(who, product ?? (await createProduct(app.db)), 1);
    const res = await place(who);
    expect(res.errors).toBeUndefined();
    return res.data!.placeOrder;
  };

  beforeAll(async () => {
    app = await createTestApp();
    admin = await createAdmin(app.db, app.deps.jwtSecret);
  });
  afterAll(() => app.close());

  describe('placeOrder with cash', () => {
    it('snapshots the cart, takes the stock, computes the totals, empties the cart and e-mails a confirmation', async () => {
      const me = await newUser();
      const game = await createProduct(app.db, { name: 'Star Racer', priceCents: 5999, discount: 10, amount: 4 });
      const pad = await createProduct(app.db, { name: 'Pad', priceCents: 2500, amount: 9 });
      await putInCart(me, game, 2);
      await putInCart(me, pad, 1);
      const res = await place(me);
      expect(res.errors).toBeUndefined();
      const order = res.data!.placeOrder;
      // 2 x 53.99 + 25.00 = 132.98; tax 13.30; shipping 5.00
      expect(order).toMatchObject({
        status: 'unpaid',
        paymentMethod: 'Cash',
        paymentIntentId: null,
        isDelivered: false,
        canCancel: true,
        subtotal: 132.98,
        tax: 13.3,
        shipping: 5,
        totalAmount: 151.28,
        orderDetail: DETAIL,
        displayId: order.id.slice(-6).toUpperCase(),
      });
      expect(order.items.map((item) => [item.productId, item.name, item.price, item.quantity])).toEqual([
        [game.id, 'Star Racer', 53.99, 2],
        [pad.id, 'Pad', 25, 1],
      ]);
      expect(await stockOf(game)).toBe(2);
      expect(await stockOf(pad)).toBe(8);
      expect(await app.db.query('SELECT * FROM cart_items WHERE user_id = $1', [me.user.id])).toEqual([]);

      // Later catalogue edits do not rewrite the order.
      await app.db.query("UPDATE products SET name = 'Renamed', price_cents = 1 WHERE id = $1", [game.id]);
      const mine = await app.gql<{ myOrders: { orders: OrderData[] } }>(MINE, {}, { token: me.token });
      expect(mine.data!.myOrders.orders[0].items[0]).toMatchObject({ name: 'Star Racer', price: 53.99 });

      // to the account's confirmed address; the one typed at checkout is the order's contact, named in the mail
      const mail = await waitForMail(app, (m) => m.to === me.user.email);
      expect(mail.subject).toBe(`Your Checkpoint order ${order.displayId}`);
      expect(mail.text).toContain('Total: $151.28');
      expect(mail.text).toContain(`Contact: ${DETAIL.email}, ${DETAIL.phone}`);
      expect(readMailbox(app.deps.config.dataDir).filter((m) => m.to === DETAIL.email)).toEqual([]);
    });

    it('places the order once when PostgreSQL rolls its transaction back to break a deadlock: one order, the stock taken once, one mail', async () => {
      const me = await newUser();
      const product = await createProduct(app.db, { name: 'Deadlock Derby', amount: 3 });
      await putInCart(me, product, 2);
      // The test holds the product's row, which the order's stock update waits for once it holds the customer's row.
      const res = await sendIntoDeadlocks(
        app.db,
        {
          userId: me.user.id,
          hold: (test) => test.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [product.id]),
        },
        () => place(me),
      );
      expect(res.errors).toBeUndefined();
      const order = res.data!.placeOrder;
      expect(order.items).toEqual([expect.objectContaining({ productId: product.id, quantity: 2 })]);
      expect(await app.db.query('SELECT id FROM orders WHERE user_id = $1', [me.user.id])).toEqual([{ id: order.id }]);
      expect(await app.db.query('SELECT quantity FROM order_items WHERE product_id = $1', [product.id])).toEqual([
        { quantity: 2 },
      ]);
      expect(await stockOf(product)).toBe(1);
      expect(await app.db.query('SELECT 1 FROM cart_items WHERE user_id = $1', [me.user.id])).toEqual([]);
      await waitForMail(app, (m) => m.to === me.user.email);
      expect(readMailbox(app.deps.config.dataDir).filter((m) => m.to === me.user.email)).toHaveLength(1);
    });

    it('answers a cash order sent again with its creationKey (its answer lost) with the order placed: once, one mail; refuses it with other details', async () => {
      const me = await newUser();
      const product = await createProduct(app.db, { name: 'Replay Racer', amount: 5 });
      await putInCart(me, product, 2);
      const creationKey = 'checkout-key-0123456789';
      // At once, and again later with the cart emptied by the first: the order placed, not "Your cart is empty".
      const answers = await Promise.all([1, 2, 3].map(() => place(me, { creationKey })));
      const later = await place(me, { creationKey, orderDetail: { ...DETAIL, fullName: ` ${DETAIL.fullName} ` } });
      for (const res of [...answers, later]) {
        expect(res.errors).toBeUndefined();
        expect(res.data!.placeOrder).toEqual(answers[0].data!.placeOrder);
      }
      // Sent again with details edited meanwhile: refused, neither placed again nor answered as if it went there.
      for (const edited of [{ fullName: 'Edited Meanwhile' }, { zip: '11212' }, { notes: '' }]) {
        const otherwise = await place(me, { creationKey, orderDetail: { ...DETAIL, ...edited } });
        expect(otherwise.errors?.[0]).toMatchObject({
          message: ORDER_MESSAGES.keyedOtherwise,
          extensions: { code: 'CONFLICT', field: 'creationKey' },
        });
      }
      expect(answers[0].data!.placeOrder.orderDetail.fullName).toBe(DETAIL.fullName);
      expect(await app.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [me.user.id])).toEqual([
        { n: 1 },
      ]);
      expect(await stockOf(product)).toBe(3);
      await waitForMail(app, (m) => m.to === me.user.email);
      await new Promise((resolve) => setTimeout(resolve, 200)); // a second mail would be on its way by now
      expect(readMailbox(app.deps.config.dataDir).filter((m) => m.to === me.user.email)).toHaveLength(1);
      // The key is the customer's own: another's with it is another order; without a key, another order.
      const other = await newUser();
      await putInCart(other, product, 1);
      const theirs = await place(other, { creationKey });
      expect(theirs.data?.placeOrder.id).not.toBe(answers[0].data!.placeOrder.id);
      await putInCart(me, product, 1);
      const next = await place(me, { creationKey: 'checkout-key-next-0123456' });
      expect(next.data?.placeOrder.id).not.toBe(answers[0].data!.placeOrder.id);
      // Cancelled since: not answered as placed, nor placed afresh from what the cart holds now.
      await app.gql(CANCEL, { id: answers[0].data!.placeOrder.id }, { token: me.token });
      await putInCart(me, product, 1);
      const afterCancel = await place(me, { creationKey });
      expect(afterCancel.errors?.[0]).toMatchObject({
        message: ORDER_MESSAGES.keyedCancelled,
        extensions: { code: 'CONFLICT', field: 'creationKey' },
      });
      const bad = await place(me, { creationKey: 'bad key' });
      expect(bad.errors?.[0]).toMatchObject({ message: CREATION_KEY_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
    });

    it('refuses a cash order whose cart no longer comes to the total the customer was shown, changing nothing', async () => {
      const me = await newUser();
      const pad = await createProduct(app.db, { priceCents: 2000, amount: 5 });
      await putInCart(me, pad, 1);
      // shown: 20.00 + 2.00 tax + 5.00 shipping; then another tab adds a second pad
      await app.db.query('UPDATE cart_items SET quantity = 2 WHERE user_id = $1', [me.user.id]);
      const stale = await place(me, { expectedTotal: 27 });
      expect(stale.errors?.[0]).toMatchObject({
        message: ORDER_MESSAGES.totalChanged(4900),
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await app.db.query('SELECT id FROM orders WHERE user_id = $1', [me.user.id])).toEqual([]);
      expect(await stockOf(pad)).toBe(5);
      expect(await app.db.query('SELECT quantity FROM cart_items WHERE user_id = $1', [me.user.id])).toEqual([
        { quantity: 2 },
      ]);
      // a total no page could show (sent by hand): refused in words, as a total changed would be
      const huge = await app.gql(
        `mutation { placeOrder(orderDetail: ${DETAIL_LITERAL}, paymentMethod: Cash, expectedTotal: 1e400) { id } }`,
        {},
        { token: me.token },
      );
      expect(huge.errors?.map((e) => e.message)).toEqual([ORDER_MESSAGES.badTotal]);
      const current = await place(me, { expectedTotal: 49 });
      expect(current.errors).toBeUndefined();
      expect(current.data?.placeOrder.totalAmount).toBe(49);
    });

    it('refuses blank details, a missing method, PayPal and an empty cart with the spec’s messages', async () => {
      const me = await newUser();
      const blank = await place(me, { orderDetail: { ...DETAIL, city: '  ' } });
      expect(blank.errors?.[0]).toMatchObject({
        message: 'Please enter your city',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const empty = await place(me);
      expect(empty.errors?.[0].message).toBe(ORDER_MESSAGES.emptyCart);
      const rest = await app.http('/api/orders', {
        method: 'POST',
        token: me.token,
        json: { orderDetail: DETAIL, totalAmount: 10 },
      });
      expect(rest.status).toBe(400);
      expect(rest.body.message).toBe('Please select a payment method.');
      const paypal = await app.http('/api/orders', {
        method: 'POST',
        token: me.token,
        json: { orderDetail: DETAIL, paymentMethod: 'PayPal' },
      });
      expect(paypal.body.message).toBe(ORDER_MESSAGES.paypal);
      for (const notes of [true, 0, [], {}]) {
        const odd = await app.http('/api/orders', {
          method: 'POST',
          token: me.token,
          json: { orderDetail: { ...DETAIL, notes }, paymentMethod: 'Cash' },
        });
        expect({ notes, status: odd.status, message: odd.body.message }).toEqual({
          notes,
          status: 400,
          message: 'Notes must be text.',
        });
      }
    });

    it('checks the e-mail by the rule sign-up checks an account’s with (validator.js isEmail), as the web form does', async () => {
      const me = await newUser();
      const product = await createProduct(app.db, { amount: 5 });
      await putInCart(me, product, 1);
      for (const email of ['a@b.c', 'john..doe@example.com']) {
        const res = await place(me, { orderDetail: { ...DETAIL, email } });
        expect({ email, error: res.errors?.[0] }).toMatchObject({
          email,
          error: { message: 'Invalid email format.', extensions: { code: 'BAD_USER_INPUT' } },
        });
      }
      expect(await stockOf(product)).toBe(5);
      for (const email of ['user@例え.jp', '"quoted"@example.com']) {
        const buyer = await newUser();
        await putInCart(buyer, product, 1);
        const res = await place(buyer, { orderDetail: { ...DETAIL, email } });
        expect({ email, errors: res.errors }).toEqual({ email, errors: undefined });
        expect(res.data!.placeOrder).toMatchObject({ orderDetail: { email } });
      }
    });

    it('refuses an order when a product ran short or out, naming it, and writes nothing', async () => {
      const me = await newUser();
      const plenty = await createProduct(app.db, { amount: 5 });
      const scarce = await createProduct(app.db, { name: 'Last Copy', amount: 1 });
      await putInCart(me, plenty, 2);
      await putInCart(me, scarce, 2);
      const short = await place(me);
      expect(short.errors?.[0]).toMatchObject({
        message: 'Only 1 of Last Copy left in stock.',
        extensions: { code: 'CONFLICT' },
      });
      await app.db.query('UPDATE products SET amount = 0 WHERE id = $1', [scarce.id]);
      const res = await place(me);
      expect(res.errors?.[0]).toMatchObject({
        message: 'Sorry, Last Copy is out of stock.',
        extensions: { code: 'CONFLICT' },
      });
      await app.db.query('UPDATE products SET amount = 1 WHERE id = $1', [scarce.id]);
      expect(await stockOf(plenty)).toBe(5);
      expect(await stockOf(scarce)).toBe(1);
      expect(await app.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [me.user.id])).toEqual([
        { n: 0 },
      ]);
      expect(await app.db.query('SELECT count(*)::int AS n FROM cart_items WHERE user_id = $1', [me.user.id])).toEqual([
        { n: 2 },
      ]);
    });

    it('refuses an order while the cart holds a product deleted since, naming it, and writes nothing', async () => {
      const me = await newUser();
      const kept = await createProduct(app.db, { amount: 5 });
      const gone = await createProduct(app.db, { name: 'Withdrawn Game' });
      await putInCart(me, kept, 1);
      await putInCart(me, gone, 1);
      expect((await app.http(`/api/products/${gone.id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
      const res = await place(me);
      expect(res.errors?.[0]).toMatchObject({
        message: 'Sorry, Withdrawn Game is no longer sold. Remove it from your cart.',
        extensions: { code: 'CONFLICT' },
      });
      expect(await stockOf(kept)).toBe(5);
      expect(await app.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [me.user.id])).toEqual([
        { n: 0 },
      ]);
      expect(await app.db.query('SELECT count(*)::int AS n FROM cart_items WHERE user_id = $1', [me.user.id])).toEqual([
        { n: 2 },
      ]);
    });

    it('sells the last 5 units to exactly 5 of 20 concurrent buyers; stock ends at 0, never below', async () => {
      const hot = await createProduct(app.db, { name: 'Hot Item', amount: 5 });
      const buyers = await Promise.all(Array.from({ length: 20 }, () => newUser()));
      for (const buyer of buyers) await putInCart(buyer, hot, 1);
      const results = await Promise.all(buyers.map((buyer) => place(buyer)));
      const placed = results.filter((res) => res.data?.placeOrder);
      const refused = results.filter((res) => res.errors);
      expect(placed).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const res of refused) expect(res.errors![0].message).toBe('Sorry, Hot Item is out of stock.');
      expect(await stockOf(hot)).toBe(0);
      expect(await app.db.query('SELECT count(*)::int AS n FROM order_items WHERE product_id = $1', [hot.id])).toEqual([
        { n: 5 },
      ]);
    });

    it('lets an admin delete a product while its buyers check out: each buyer gets an order or "no longer sold", never an internal error', async () => {
      const DELETE = 'mutation Delete($id: ID!) { deleteProduct(id: $id) }';
      const buyers = await Promise.all(Array.from({ length: 12 }, () => newUser()));
      // Checkout takes the product's row, then the buyer's cart lines; a delete that took them the other way round
      // deadlocked with it (PostgreSQL 40P01), failing both. A few rounds, the delete landing at different moments.
      for (const delayMs of [0, 5, 15]) {
        const doomed = await createProduct(app.db, { name: 'Doomed Disc', amount: 100 });
        for (const buyer of buyers) {
          await app.db.query('DELETE FROM cart_items WHERE user_id = $1', [buyer.user.id]);
          await putInCart(buyer, doomed, 1);
        }
        const [deleted, ...placed] = await Promise.all([
          new Promise((wait) => setTimeout(wait, delayMs)).then(() =>
            app.gql(DELETE, { id: doomed.id }, { token: admin.token }),
          ),
          ...buyers.map((buyer) => place(buyer)),
        ]);
        expect(deleted.errors).toBeUndefined();
        for (const res of placed) {
          if (res.errors) {
            expect(res.errors[0]).toMatchObject({
              message: 'Sorry, Doomed Disc is no longer sold. Remove it from your cart.',
              extensions: { code: 'CONFLICT' },
            });
          } else expect(res.data!.placeOrder.items).toEqual([expect.objectContaining({ name: 'Doomed Disc' })]);
        }
      }
    });

    it('still keeps the order when the confirmation e-mail cannot be sent', async () => {
      const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
      try {
        const me = await createUser(broken.db, broken.deps.jwtSecret);
        const product = await createProduct(broken.db);
        await addCartLine(broken.db, me.user.id, product);
        const res = await broken.gql<{ placeOrder: OrderData }>(
          PLACE,
          { orderDetail: DETAIL, paymentMethod: 'Cash' },
          { token: me.token },
        );
        expect(res.errors).toBeUndefined();
        expect(await broken.db.query('SELECT status FROM orders WHERE id = $1', [res.data!.placeOrder.id])).toEqual([
          { status: 'unpaid' },
        ]);
      } finally {
        await broken.close();
      }
    });
  });

  describe('cancel and deliver', () => {
    it('lets the owner or an admin cancel an open order, putting the stock back exactly once under concurrency', async () => {
      const me = await newUser();
      const product = await createProduct(app.db, { amount: 3 });
      const order = await cashOrder(me, product);
      expect(await stockOf(product)).toBe(2);

      const stranger = await newUser();
      const forbidden = await app.gql(CANCEL, { id: order.id }, { token: stranger.token });
      expect(forbidden.errors?.[0]).toMatchObject({
        message: ORDER_MESSAGES.notYours,
        extensions: { code: 'FORBIDDEN' },
      });
      const forbiddenRest = await app.http(`/api/orders/cancelOrder/${order.id}`, {
        method: 'PUT',
        token: stranger.token,
      });
      expect(forbiddenRest.status).toBe(403);
      expect(forbiddenRest.body).toMatchObject({ message: ORDER_MESSAGES.notYours, error: ORDER_MESSAGES.notYours });
      const guest = await app.gql(CANCEL, { id: order.id });
      expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      expect(await stockOf(product)).toBe(2);

      const results = await Promise.all([
        app.gql(CANCEL, { id: order.id }, { token: me.token }),
        app.gql(CANCEL, { id: order.id }, { token: admin.token }),
      ]);
      expect(results.filter((res) => !res.errors)).toHaveLength(1);
      expect(results.find((res) => res.errors)!.errors![0]).toMatchObject({
        message: 'This order is already cancelled.',
        extensions: { code: 'CONFLICT' },
      });
      expect(await stockOf(product)).toBe(3);

      const adminCancels = await cashOrder(me);
      const byAdmin = await app.gql(CANCEL, { id: adminCancels.id }, { token: admin.token });
      expect(byAdmin.data).toEqual({ cancelOrder: { id: adminCancels.id, status: 'cancelled', canCancel: false } });
      const missing = await app.gql(CANCEL, { id: 'nope' }, { token: admin.token });
      expect(missing.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    });

    it('tells the customer by e-mail when the venue cancels their order, not when they cancel it themselves', async () => {
      const me = await newUser();
      const cancelledMails = () =>
        readMailbox(app.deps.config.dataDir).filter(
          (mail) => mail.to === me.user.email && /cancelled/.test(mail.subject),
        );
      const own = await cashOrder(me);
      expect((await app.gql(CANCEL, { id: own.id }, { token: me.token })).errors).toBeUndefined();
      await app.deps.mailer.settled();
      expect(cancelledMails()).toEqual([]);

      const theirs = await cashOrder(me);
      const displayId = theirs.id.slice(-6).toUpperCase();
      expect((await app.gql(CANCEL, { id: theirs.id }, { token: admin.token })).errors).toBeUndefined();
      const mail = await waitForMail(app, (m) => m.to === me.user.email && /cancelled/.test(m.subject));
      expect(mail.subject).toBe(`Your ${app.deps.config.venue.name} order ${displayId} was cancelled`);
      expect(mail.text).toContain(`Hi ${DETAIL.fullName},`);
      expect(mail.text).toContain(`had to cancel your order ${displayId} ($${theirs.totalAmount.toFixed(2)})`);
      expect(mail.text).toContain('You were not charged for it.');
      expect(mail.text).toContain(app.deps.config.venue.phone);
      expect(mail.html).toContain('<p>You were not charged for it.</p>');
      expect(cancelledMails()).toHaveLength(1);
    });

    it('lets only an admin mark an order delivered; a delivered order cannot be cancelled, a cancelled one not delivered', async () => {
      const me = await newUser();
      const order = await cashOrder(me);
      const byCustomer = await app.gql(DELIVER, { id: order.id }, { token: me.token });
      expect(byCustomer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const delivered = await app.gql(DELIVER, { id: order.id }, { token: admin.token });
      expect(delivered.data).toEqual({
        markOrderDelivered: { id: order.id, status: 'paid', isDelivered: true, canCancel: false },
      });
      const cancel = await app.gql(CANCEL, { id: order.id }, { token: me.token });
      expect(cancel.errors?.[0].message).toBe(ORDER_MESSAGES.cannotCancel);

      const other = await cashOrder(me);
      await app.gql(CANCEL, { id: other.id }, { token: me.token });
      const deliverCancelled = await app.gql(DELIVER, { id: other.id }, { token: admin.token });
      expect(deliverCancelled.errors?.[0].message).toBe(ORDER_MESSAGES.cancelledNotDeliverable);
    });

    it('lets only an admin take back a delivery marked by mistake: a cash order is unpaid again, a card order stays paid', async () => {
      const me = await newUser();
      const order = await cashOrder(me);
      const marked = await app.gql<{ markOrderDelivered: { deliveredAt: string } }>(
        DELIVER_OPEN,
        { id: order.id },
        { token: admin.token },
      );
      const { deliveredAt } = marked.data!.markOrderDelivered;
      const storedDeliveredAt = async () =>
        (await app.db.query('SELECT delivered_at FROM orders WHERE id = $1', [order.id]))[0].delivered_at;
      expect(await storedDeliveredAt()).toEqual(new Date(deliveredAt));

      const byCustomer = await app.gql(UNDO_DELIVERY, { id: order.id, deliveredAt }, { token: me.token });
      expect(byCustomer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const byGuest = await app.gql(UNDO_DELIVERY, { id: order.id, deliveredAt });
      expect(byGuest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      const missing = await app.gql(UNDO_DELIVERY, { id: 'nope', deliveredAt }, { token: admin.token });
      expect(missing.errors?.[0]).toMatchObject({
        message: ORDER_MESSAGES.notFound,
        extensions: { code: 'NOT_FOUND' },
      });
      // Another delivery than the one the caller marked (a stale list, a second admin): refused, and left as it is.
      const otherDelivery = new Date(new Date(deliveredAt).getTime() - 1).toISOString();
      const stale = await app.gql(UNDO_DELIVERY, { id: order.id, deliveredAt: otherDelivery }, { token: admin.token });
      expect(stale.errors?.[0]).toMatchObject({
        message: ORDER_MESSAGES.deliveryChanged,
        extensions: { code: 'CONFLICT' },
      });
      expect(await storedDeliveredAt()).toEqual(new Date(deliveredAt));

      // twice at once (a double click, two admins): both answer the order as it now is
      const undone = await Promise.all([
        app.gql(UNDO_DELIVERY, { id: order.id, deliveredAt }, { token: admin.token }),
        app.gql(UNDO_DELIVERY, { id: order.id, deliveredAt }, { token: admin.token }),
      ]);
      for (const res of undone)
        expect(res.data).toEqual({
          undoOrderDelivery: { id: order.id, status: 'unpaid', isDelivered: false, canCancel: true },
        });
      expect(await storedDeliveredAt()).toBeNull();
      // open again: it can be delivered (and paid) again, or cancelled
      const again = await app.gql(DELIVER, { id: order.id }, { token: admin.token });
      expect(again.data?.markOrderDelivered).toMatchObject({ status: 'paid', isDelivered: true });

      // A card order was paid at checkout, not as it was handed over: taking the delivery back leaves it paid.
      const card = await cashOrder(me);
      await app.db.query(
        `UPDATE orders SET payment_method = 'stripe', payment_intent_id = 'pi_' || md5(id::text), status = 'paid' WHERE id = $1`,
        [card.id],
      );
      const cardMarked = await app.gql<{ markOrderDelivered: { deliveredAt: string } }>(
        DELIVER_OPEN,
        { id: card.id },
        { token: admin.token },
      );
      const cardUndone = await app.gql(
        UNDO_DELIVERY,
        { id: card.id, deliveredAt: cardMarked.data!.markOrderDelivered.deliveredAt },
        { token: admin.token },
      );
      expect(cardUndone.data).toEqual({
        undoOrderDelivery: { id: card.id, status: 'paid', isDelivered: false, canCancel: true },
      });

      // A cancelled order was never delivered: nothing to take back, and it stays cancelled.
      const cancelled = await cashOrder(me);
      await app.gql(CANCEL, { id: cancelled.id }, { token: me.token });
      const cancelledUndone = await app.gql(UNDO_DELIVERY, { id: cancelled.id, deliveredAt }, { token: admin.token });
      expect(cancelledUndone.data).toEqual({
        undoOrderDelivery: { id: cancelled.id, status: 'cancelled', isDelivered: false, canCancel: false },
      });
    });

    it('refuses a mark asked onlyIfOpen of an order delivered already (an admin with a stale list), so it offers no undo', async () => {
      const me = await newUser();
      const order = await cashOrder(me);
      const first = await app.gql(DELIVER_OPEN, { id: order.id }, { token: admin.token });
      expect(first.data?.markOrderDelivered).toMatchObject({ status: 'paid', isDelivered: true });
      const stale = await app.gql(DELIVER_OPEN, { id: order.id }, { token: admin.token });
      expect(stale.errors?.[0]).toMatchObject({
        message: ORDER_MESSAGES.alreadyDelivered,
        extensions: { code: 'CONFLICT' },
      });
      // without it (REST clients, older callers), marking a delivered order again answers it as it is
      const plain = await app.gql(DELIVER, { id: order.id }, { token: admin.token });
      expect(plain.data?.markOrderDelivered).toMatchObject({ status: 'paid', isDelivered: true });
    });
  });

  describe('lists', () => {
    it('myOrders shows only the caller’s orders, newest first, 5 a page, in at most 5 SQL statements', async () => {
      type Mine = { myOrders: { total: number; page: number; totalPages: number; orders: OrderData[] } };
      const me = await newUser();
      const placed = [];
      for (let i = 0; i < 7; i++) placed.push(await cashOrder(me));
      await cashOrder(await newUser());
      const newestFirst = placed.map((order) => order.id).reverse();
      app.queries.reset();
      const first = await app.gql<Mine>(MINE, {}, { token: me.token });
      expect(app.queries.count).toBeLessThanOrEqual(5);
      expect(first.data!.myOrders).toMatchObject({ total: 7, page: 1, totalPages: 2 });
      expect(first.data!.myOrders.orders.map((order) => order.id)).toEqual(newestFirst.slice(0, 5));
      const second = await app.gql<Mine>(MINE, { page: 2 }, { token: me.token });
      expect(second.data!.myOrders.orders.map((order) => order.id)).toEqual(newestFirst.slice(5));
      const past = await app.gql<Mine>(MINE, { page: 9 }, { token: me.token });
      expect(past.data!.myOrders).toMatchObject({ total: 7, orders: [] });
      const bad = await app.gql<Mine>(MINE, { pageSize: 51 }, { token: me.token });
      expect(bad.errors?.[0]).toMatchObject({
        message: 'Page size must be between 1 and 50.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect((await app.gql(MINE)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('admin orders: filters, search by id suffix / name / e-mail, pages, in at most 5 SQL statements', async () => {
      const fresh = await createTestApp();
      try {
        const boss = await createAdmin(fresh.db, fresh.deps.jwtSecret);
        const people = await Promise.all(
          ['zelda', 'link', 'ganon'].map((name) =>
            createUser(fresh.db, fresh.deps.jwtSecret, { username: name, email: `${name}@hyrule.test` }),
          ),
        );
        const product = await createProduct(fresh.db, { amount: 100 });
        const ids: string[] = [];
        for (let i = 0; i < 12; i++) {
          const who = people[i % 3];
          await addCartLine(fresh.db, who.user.id, product);
          const res = await fresh.gql<{ placeOrder: OrderData }>(
            PLACE,
            { orderDetail: { ...DETAIL, fullName: who.user.username }, paymentMethod: 'Cash' },
            { token: who.token },
          );
          ids.push(res.data!.placeOrder.id);
        }
        // Delivered cash orders are paid as they are handed over.
        await fresh.gql(DELIVER, { id: ids[0] }, { token: boss.token });
        await fresh.gql(DELIVER, { id: ids[1] }, { token: boss.token });
        await fresh.gql(CANCEL, { id: ids[2] }, { token: boss.token });
        await fresh.db.query("UPDATE orders SET status = 'paid' WHERE id = $1", [ids[3]]);

        const list = async (variables: Record<string, unknown>) => {
          const res = await fresh.gql<{ orders: { total: number; totalPages: number; orders: OrderData[] } }>(
            ADMIN_LIST,
            variables,
            { token: boss.token },
          );
          expect(res.errors).toBeUndefined();
          return res.data!.orders;
        };
        for (const pageSize of [1, 5, 12, 50]) {
          fresh.queries.reset();
          const page = await list({ pageSize });
          expect(page.orders).toHaveLength(Math.min(pageSize, 12));
          // the caller's token + the page with its count + items + users + products
          expect(fresh.queries.count).toBeLessThanOrEqual(5);
        }
        const all = await list({});
        expect(all).toMatchObject({ total: 12, totalPages: 3 });
        expect(all.orders.map((order) => order.id)).toEqual([...ids].reverse().slice(0, 5));
        expect((await list({ page: 3 })).orders.map((order) => order.id)).toEqual([ids[1], ids[0]]);

        expect((await list({ status: 'delivered' })).total).toBe(2);
        expect((await list({ status: 'undelivered' })).total).toBe(9);
        expect((await list({ status: 'cancelled' })).total).toBe(1);
        expect((await list({ status: 'paid' })).total).toBe(3);
        expect((await list({ status: 'unpaid' })).total).toBe(8);

        const suffix = ids[5].slice(-6).toUpperCase();
        expect((await list({ search: suffix })).orders.map((order) => order.id)).toEqual([ids[5]]);
        expect((await list({ search: ids[5] })).total).toBe(1);
        expect((await list({ search: `#${suffix.toUpperCase()}` })).orders.map((order) => order.id)).toEqual([ids[5]]);
        expect((await list({ search: 'zelda', pageSize: 50 })).total).toBe(4);
        expect((await list({ search: 'LINK@HYRULE' })).total).toBe(4);
        expect((await list({ search: 'ganon', status: 'cancelled' })).total).toBe(1);
        expect((await list({ search: '%_' })).total).toBe(0);
        expect((await list({ search: 'hyrule' })).total).toBe(12);
        // A text matching very many people (their e-mail domain) finds their orders by another way: the same orders.
        await fresh.db.query(
          `INSERT INTO users (username, email, password_hash)
           SELECT 'hylian-' || n, 'hylian-' || n || '@hyrule.test', 'x' FROM generate_series(1, 600) AS n`,
        );
        expect((await list({ search: 'hyrule' })).total).toBe(12);
        expect((await list({ search: '@HYRULE.test', status: 'delivered' })).total).toBe(2);

        const customer = await fresh.gql(ADMIN_LIST, {}, { token: people[0].token });
        expect(customer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
        expect((await fresh.gql(ADMIN_LIST, {})).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

        // REST: { orders, totalPages }, 5 a page, status or isDelivered, users with name.
        const rest = await fresh.http('/api/orders/admin?page=1', { token: boss.token });
        expect(rest.status).toBe(200);
        expect(rest.body.totalPages).toBe(3);
        expect(rest.body.orders).toHaveLength(5);
        expect(rest.body.orders[0].user).toEqual({
          _id: expect.any(String),
          username: expect.any(String),
          name: expect.any(String),
          email: expect.any(String),
        });
        const deliveredRest = await fresh.http('/api/orders/admin?isDelivered=true', { token: boss.token });
        expect(deliveredRest.body.orders).toHaveLength(2);
        const cancelledRest = await fresh.http('/api/orders/admin?status=cancelled', { token: boss.token });
        expect(cancelledRest.body.orders.map((o: { _id: string }) => o._id)).toEqual([ids[2]]);
        // as axios sends a parameter given as a list: status[]=…
        const listed = await fresh.http('/api/orders/admin?status%5B%5D=cancelled', { token: boss.token });
        expect(listed.body.orders.map((o: { _id: string }) => o._id)).toEqual([ids[2]]);
        const deliveredListed = await fresh.http('/api/orders/admin?isDelivered[]=true', { token: boss.token });
        expect(deliveredListed.body.orders).toHaveLength(2);
        const searchRest = await fresh.http(`/api/orders/admin?search=${suffix.toLowerCase()}`, { token: boss.token });
        expect(searchRest.body.orders.map((o: { _id: string }) => o._id)).toEqual([ids[5]]);
        const restIds = async (query: string) =>
          (await fresh.http(`/api/orders/admin?${query}`, { token: boss.token })).body.orders.map(
            (o: { _id: string }) => o._id,
          );
        expect(await restIds('')).toEqual([...ids].reverse().slice(0, 5));
        expect(await restIds('limit=12')).toEqual([...ids].reverse());
        expect(await restIds(`search=${ids[7]}`)).toEqual([ids[7]]);
        expect(await restIds('search=ZELDA&limit=50')).toHaveLength(4);
        expect(await restIds('search=link@hyrule.test&limit=50')).toHaveLength(4);
        expect(await restIds('isDelivered=false&limit=50')).toHaveLength(9);
        expect(await restIds('status=paid')).toEqual([ids[3], ids[1], ids[0]]);
        expect(await restIds('status=unpaid&limit=50')).toHaveLength(8);
        const full = (await fresh.http('/api/orders/admin?limit=1', { token: boss.token })).body.orders[0];
        expect(full).toMatchObject({
          _id: ids[11],
          createdAt: expect.any(String),
          status: 'unpaid',
          isDelivered: false,
          totalAmount: expect.any(Number),
          paymentMethod: 'Cash',
          orderDetail: { ...DETAIL, fullName: expect.any(String) },
          items: [{ product: expect.objectContaining({ _id: product.id }), quantity: 1, price: expect.any(Number) }],
        });
        // Bad paging or filter values are refused, with the same messages as GraphQL's, never ignored.
        const refused = async (query: string) =>
          (await fresh.http(`/api/orders/admin?${query}`, { token: boss.token })).body.message;
        expect(await refused('page=abc')).toBe('Page must be a whole number.');
        expect(await refused('page=1.5')).toBe('Page must be a whole number.');
        expect(await refused('page=1e9')).toBe('Page must be at most 1000000.');
        expect(await refused('page=0')).toBe('Page must be 1 or more.');
        expect(await refused('page=99999999999')).toBe('Page must be at most 1000000.');
        expect(await refused('limit=0')).toBe('Page size must be between 1 and 50.');
        expect(await refused('isDelivered=maybe')).toBe('isDelivered must be true or false.');
        expect(await restIds('page=999999')).toEqual([]); // a page past the last is empty
        // ...and still tells how many pages there are (12 orders, 5 a page; 3 paid): the count has no row to ride on.
        const past = await fresh.http('/api/orders/admin?page=999999', { token: boss.token });
        expect(past.body.totalPages).toBe(3);
        const pastPaid = await fresh.http('/api/orders/admin?status=paid&page=9', { token: boss.token });
        expect(pastPaid.body).toMatchObject({ orders: [], total: 3, totalPages: 1 });
        expect((await fresh.http('/api/orders/admin', { token: people[0].token })).status).toBe(403);
        expect((await fresh.http('/api/orders/admin')).status).toBe(401);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('REST shims', () => {
    it('POST /api/orders answers a missing or non-text detail with its "Please enter your …" message', async () => {
      const me = await newUser();
      await putInCart(me, await createProduct(app.db), 1);
      const { zip: _zip, ...noZip } = DETAIL;
      for (const [orderDetail, message] of [
        [noZip, 'Please enter your zip'],
        [{ ...DETAIL, fullName: 5 }, 'Please enter your full name'],
        [{ fullName: '' }, 'Please enter your full name'],
        [{ ...DETAIL, city: null }, 'Please enter your city'],
        [{ ...DETAIL, zip: '1'.repeat(21) }, 'ZIP must be at most 20 characters.'],
        [{ ...DETAIL, notes: 'n'.repeat(2001) }, 'Notes must be at most 2000 characters.'],
      ] as const) {
        const res = await app.http('/api/orders', {
          method: 'POST',
          token: me.token,
          json: { cartItems: [], paymentMethod: 'Cash', totalAmount: 16, orderDetail },
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ message, error: message });
      }
      expect(await app.db.query('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [me.user.id])).toEqual([
        { n: 0 },
      ]);
    });

    it('POST /api/orders ignores the client’s status and prices, checks totalAmount to the cent, answers the order', async () => {
      const me = await newUser();
      const product = await createProduct(app.db, { priceCents: 1000 });
      await putInCart(me, product, 2);
      // 20.00 + 2.00 tax + 5.00 shipping = 27.00
      const wrong = await app.http('/api/orders', {
        method: 'POST',
        token: me.token,
        json: { cartItems: [], status: 'paid', paymentMethod: 'Cash', totalAmount: 1, orderDetail: DETAIL },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(ORDER_MESSAGES.totalChanged(2700));
      const res = await app.http('/api/orders', {
        method: 'POST',
        token: me.token,
        json: {
          cartItems: [{ product: { _id: product.id, price: 0 }, quantity: 2 }],
          status: 'paid',
          paymentMethod: 'Cash',
          totalAmount: 27.01,
          orderDetail: { ...DETAIL, _id: 'ignored' },
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        _id: expect.any(String),
        status: 'unpaid',
        isDelivered: false,
        totalAmount: 27,
        paymentMethod: 'Cash',
        orderDetail: DETAIL,
        items: [{ product: expect.objectContaining({ _id: product.id, name: product.name }), quantity: 2, price: 10 }],
        user: { _id: me.user.id, username: me.user.username, name: me.user.username, email: me.user.email },
      });
      expect(typeof res.body.createdAt).toBe('string');
      expect(res.body.updatedAt).toBe(res.body.createdAt);

      const list = await app.http('/api/orders', { token: me.token });
      expect(Array.isArray(list.body)).toBe(true);
      expect(list.body.map((o: { _id: string }) => o._id)).toEqual([res.body._id]);

      const delivered = await app.http(`/api/orders/updateOrderDelivery/${res.body._id}`, {
        method: 'PUT',
        token: admin.token,
      });
      expect(delivered.body).toMatchObject({ _id: res.body._id, isDelivered: true });
      const tooLate = await app.http(`/api/orders/cancelOrder/${res.body._id}`, { method: 'PUT', token: me.token });
      expect(tooLate.status).toBe(409);
      expect(tooLate.body).toMatchObject({ message: ORDER_MESSAGES.cannotCancel, error: ORDER_MESSAGES.cannotCancel });

      const open = await cashOrder(me);
      const cancelled = await app.http(`/api/orders/cancelOrder/${open.id}`, { method: 'PUT', token: me.token });
      expect(cancelled.body).toMatchObject({ _id: open.id, status: 'cancelled' });
      expect(
        (await app.http(`/api/orders/updateOrderDelivery/${open.id}`, { method: 'PUT', token: me.token })).status,
      ).toBe(403);
      expect((await app.http(`/api/orders/cancelOrder/not-an-id`, { method: 'PUT', token: me.token })).status).toBe(
        404,
      );
      expect((await app.http('/api/orders')).status).toBe(401);
      expect((await app.http('/api/orders', { method: 'POST', json: {} })).status).toBe(401);
    });

    it('answer guests 401, customers 403 on admin routes, and admins everywhere', async () => {
      const me = await newUser();
      const order = await cashOrder(me);
      const guestCalls: [string, string][] = [
        ['POST', '/api/orders'],
        ['GET', '/api/orders'],
        ['GET', '/api/orders/admin'],
        ['PUT', `/api/orders/cancelOrder/${order.id}`],
        ['PUT', `/api/orders/updateOrderDelivery/${order.id}`],
        ['POST', '/api/stripe/create-payment-intent'],
      ];
      for (const [method, path] of guestCalls) {
        const res = await app.http(path, { method, json: method === 'GET' ? undefined : {} });
        expect([path, res.status]).toEqual([path, 401]);
        expect(res.body.message).toBe(res.body.error);
      }
      expect((await app.http('/api/orders/admin', { token: me.token })).status).toBe(403);
      expect(
        (await app.http(`/api/orders/updateOrderDelivery/${order.id}`, { method: 'PUT', token: me.token })).status,
      ).toBe(403);
      expect((await app.http('/api/orders', { token: admin.token })).status).toBe(200);
      expect((await app.http('/api/orders/admin', { token: admin.token })).status).toBe(200);
      for (const [query, variables] of [
        [PLACE, { orderDetail: DETAIL, paymentMethod: 'Cash' }],
        [MINE, {}],
        [ADMIN_LIST, {}],
        [CANCEL, { id: order.id }],
        [DELIVER, { id: order.id }],
      ] as const) {
        expect((await app.gql(query, variables)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      }
    });

    it('shows a deleted product from the order’s snapshot', async () => {
      const me = await newUser();
      const product = await createProduct(app.db, { name: 'Soon Gone', priceCents: 700 });
      const order = await cashOrder(me, product);
      await app.db.query('DELETE FROM products WHERE id = $1', [product.id]);
      const list = await app.http('/api/orders', { token: me.token });
      const found = list.body.find((o: { _id: string }) => o._id === order.id);
      expect(found.items[0]).toMatchObject({
        product: {
          _id: product.id,
          name: 'Soon Gone',
          price: 7,
          images: [{ _id: 'no-longer-sold', url: expect.stringMatching(/\/images\/no-longer-sold\.svg$/) }],
          createdAt: found.createdAt,
        },
        quantity: 1,
        price: 7,
      });
      const mine = await app.gql<{
        myOrders: { orders: { id: string; items: { productId: string; product: null }[] }[] };
      }>('{ myOrders { orders { id items { productId product { id } } } } }', {}, { token: me.token });
      const item = mine.data?.myOrders.orders.find((o) => o.id === order.id)?.items[0];
      expect(item).toEqual({ productId: product.id, product: null });
    });
  });
});
