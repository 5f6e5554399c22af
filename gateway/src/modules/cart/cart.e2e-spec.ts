import { addCartLine, createAdmin, createProduct, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CART_MESSAGES } from './cart.inputs';
import { waitForLockWaiter } from '../../test/lock-waits';

const CART_FIELDS = `id itemCount subtotal tax shipping total cartTotal
  items { id quantity unitPrice lineTotal product { id name price salePrice amount } }`;
const CART = `query { cart { ${CART_FIELDS} } }`;
const ADD = `mutation Add($productId: ID!, $quantity: Int) { addToCart(productId: $productId, quantity: $quantity) { ${CART_FIELDS} } }`;
const UPDATE = `mutation Update($productId: ID!, $quantity: Int!) {
  updateCartItem(productId: $productId, quantity: $quantity) { ${CART_FIELDS} } }`;
const REMOVE = `mutation Remove($productId: ID!) { removeFromCart(productId: $productId) { ${CART_FIELDS} } }`;
const CLEAR = `mutation { clearCart { ${CART_FIELDS} } }`;
const MERGE = `mutation Merge($items: [GuestCartItemInput!]!) { mergeGuestCart(items: $items) { ${CART_FIELDS} } }`;

type CartData = {
  id: string;
  itemCount: number;
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
  cartTotal: number;
  items: {
    id: string;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
    product: { id: string; name: string };
  }[];
};
type Person = Awaited<ReturnType<typeof createUser>>;

describe('cart (HTTP, real database)', () => {
  let app: TestApp;
  let admin: Person;
  const newUser = () => createUser(app.db, app.deps.jwtSecret);
  const call = async <K extends string>(who: Person, query: string, variables: Record<string, unknown> = {}) => {
    const res = await app.gql<Record<K, CartData>>(query, variables, { token: who.token });
    return res;
  };
  const ok = async (who: Person, query: string, variables: Record<string, unknown> = {}) => {
    const res = await call(who, query, variables);
    expect(res.errors).toBeUndefined();
    return Object.values(res.data!)[0] as CartData;
  };

  beforeAll(async () => {
    app = await createTestApp();
    admin = await createAdmin(app.db, app.deps.jwtSecret);
  });
  afterAll(() => app.close());

  it('computes the totals on the server in cents: sale prices, 10 % tax, flat 5 shipping', async () => {
    const me = await newUser();
    const empty = await ok(me, CART);
    expect(empty).toMatchObject({
      id: me.user.id,
      items: [],
      itemCount: 0,
      subtotal: 0,
      tax: 0,
      shipping: 0,
      total: 0,
    });

    const discounted = await createProduct(app.db, { priceCents: 1999, discount: 15 });
    const plain = await createProduct(app.db, { priceCents: 500 });
    await ok(me, ADD, { productId: discounted.id, quantity: 2 });
    const cart = await ok(me, ADD, { productId: plain.id });
    expect(cart.items.map((item) => [item.product.id, item.quantity, item.unitPrice, item.lineTotal])).toEqual([
      [discounted.id, 2, 16.99, 33.98],
      [plain.id, 1, 5, 5],
    ]);
    expect(cart).toMatchObject({
      itemCount: 3,
      subtotal: 38.98,
      tax: 3.9,
      shipping: 5,
      total: 47.88,
      cartTotal: 42.88,
    });
  });

  it('holds at most 100 products: a new one past them is refused, a line already in still takes units', async () => {
    const me = await newUser();
    const products = await Promise.all(Array.from({ length: 101 }, () => createProduct(app.db, { amount: 10 })));
    for (const product of products.slice(0, 100)) await addCartLine(app.db, me.user.id, product);
    const res = await call(me, ADD, { productId: products[100].id, quantity: 1 });
    expect(res.errors?.[0]).toMatchObject({ message: CART_MESSAGES.tooManyLines, extensions: { code: 'CONFLICT' } });
    expect(res.errors?.[0].message).toBe('Your cart holds at most 100 different products.');
    const more = await ok(me, ADD, { productId: products[0].id, quantity: 1 });
    expect(more.items).toHaveLength(100);
  });

  it('keeps one line per product with stable ids, capped at 3 on add and at the stock', async () => {
    const me = await newUser();
    const game = await createProduct(app.db, { amount: 10 });
    const first = await ok(me, ADD, { productId: game.id, quantity: 2 });
    const second = await ok(me, ADD, { productId: game.id, quantity: 2 });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]).toMatchObject({ id: first.items[0].id, quantity: 3 });

    const updated = await ok(me, UPDATE, { productId: game.id, quantity: 1 });
    expect(updated.items[0]).toMatchObject({ id: first.items[0].id, quantity: 1 });

    for (const quantity of [0, 4, -1]) {
      const res = await call(me, UPDATE, { productId: game.id, quantity });
      expect(res.errors?.[0]).toMatchObject({
        message: CART_MESSAGES.quantity,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const scarce = await createProduct(app.db, { amount: 2, name: 'Scarce Thing' });
    const tooMany = await call(me, ADD, { productId: scarce.id, quantity: 3 });
    expect(tooMany.errors?.[0]).toMatchObject({ message: 'Only 2 of Scarce Thing left in stock.' });
    const soldOut = await createProduct(app.db, { amount: 0, name: 'Gone Game' });
    const refused = await call(me, ADD, { productId: soldOut.id, quantity: 1 });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Sorry, Gone Game is out of stock.',
      extensions: { code: 'CONFLICT' },
    });
    const unknown = await call(me, ADD, { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 });
    expect(unknown.errors?.[0]).toMatchObject({ message: CART_MESSAGES.productNotFound });
    const notInCart = await call(me, UPDATE, { productId: scarce.id, quantity: 1 });
    expect(notInCart.errors?.[0]).toMatchObject({ message: CART_MESSAGES.notInCart });

    // The database refuses a 4th unit even if a service rule were skipped.
    await expect(app.db.query('UPDATE cart_items SET quantity = 4 WHERE user_id = $1', [me.user.id])).rejects.toThrow(
      /cart_items_quantity_1_to_3/,
    );
  });

  it('removes a line and clears the cart, answering the whole cart each time', async () => {
    const me = await newUser();
    const a = await createProduct(app.db);
    const b = await createProduct(app.db);
    await ok(me, ADD, { productId: a.id });
    await ok(me, ADD, { productId: b.id });
    const afterRemove = await ok(me, REMOVE, { productId: a.id });
    expect(afterRemove.items.map((item) => item.product.id)).toEqual([b.id]);
    const cleared = await ok(me, CLEAR);
    expect(cleared).toMatchObject({ id: me.user.id, items: [], total: 0, shipping: 0 });
  });

  it('merges a guest cart only into an empty server cart, capping quantities and skipping sold-out or unknown products', async () => {
    const me = await newUser();
    const a = await createProduct(app.db, { amount: 2 });
    const b = await createProduct(app.db);
    const soldOut = await createProduct(app.db, { amount: 0 });
    const merged = await ok(me, MERGE, {
      items: [
        { productId: b.id, quantity: 5 },
        { productId: a.id.toUpperCase(), quantity: 3 }, // the same id as adding to the cart takes it
        { productId: soldOut.id, quantity: 1 },
        { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        { productId: '5f1b2c3d4e5f6a7b8c9d0e1f', quantity: 1 }, // an id from an older shop, kept in the browser
      ],
    });
    expect(merged.items.map((item) => [item.product.id, item.quantity])).toEqual([
      [b.id, 3],
      [a.id, 2],
    ]);
    const kept = await ok(me, MERGE, {
      items: [
        { productId: soldOut.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ],
    });
    expect(kept.items.map((item) => [item.product.id, item.quantity])).toEqual([
      [b.id, 3],
      [a.id, 2],
    ]);
  });

  it('refuses more than 100 lines to merge in words about lines, whatever products they hold, and adds nothing', async () => {
    const me = await newUser();
    const a = await createProduct(app.db);
    const res = await call(me, MERGE, { items: Array.from({ length: 101 }, () => ({ productId: a.id, quantity: 1 })) });
    expect(res.errors?.[0]).toMatchObject({
      message: 'A guest cart of at most 100 lines can be merged.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await app.db.query('SELECT 1 FROM cart_items WHERE user_id = $1', [me.user.id])).toEqual([]);
  });

  it('merges once when two logins race', async () => {
    const me = await newUser();
    const a = await createProduct(app.db);
    const results = await Promise.all([1, 2].map(() => call(me, MERGE, { items: [{ productId: a.id, quantity: 1 }] })));
    for (const res of results) expect(res.errors).toBeUndefined();
    expect(await app.db.query('SELECT quantity FROM cart_items WHERE user_id = $1', [me.user.id])).toEqual([
      { quantity: 1 },
    ]);
  });

  it('never lets parallel adds push a line past the stock', async () => {
    for (let round = 0; round < 5; round++) {
      const me = await newUser();
      const last = await createProduct(app.db, { amount: 1 });
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          app.http('/api/cart', { method: 'POST', token: me.token, json: { productId: last.id, quantity: 1 } }),
        ),
      );
      expect(results.map((res) => res.status).filter((status) => status === 200)).toHaveLength(1);
      expect(results.filter((res) => res.status !== 200).map((res) => res.status)).toEqual(Array(11).fill(409));
      expect(await app.db.query('SELECT quantity FROM cart_items WHERE user_id = $1', [me.user.id])).toEqual([
        { quantity: 1 },
      ]);
    }
  });

  it('does not add a line for a product deleted while the add waited: the add is refused and no line appears', async () => {
    const me = await newUser();
    const doomed = await createProduct(app.db, { name: 'Doomed Dice' });
    // A delete in progress: it holds the product's row, as deleteProduct does, until it commits.
    const deleting = app.db.createQueryRunner();
    await deleting.startTransaction();
    try {
      await deleting.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [doomed.id]);
      const adding = app.gql(ADD, { productId: doomed.id }, { token: me.token });
      await waitForLockWaiter(app.db, deleting); // the add has reached the product's row and waits there
      await deleting.query('DELETE FROM products WHERE id = $1', [doomed.id]);
      await deleting.commitTransaction();
      const added = await adding;
      expect(added.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    } finally {
      await deleting.release();
    }
    expect(await app.db.query('SELECT 1 FROM cart_items WHERE product_id = $1', [doomed.id])).toEqual([]);
  });

  it('takes turns with a checkout: a change waits for it, then finds the cart the order left', async () => {
    const me = await newUser();
    const kept = await createProduct(app.db);
    const dropped = await createProduct(app.db);
    await ok(me, ADD, { productId: kept.id });
    await ok(me, ADD, { productId: dropped.id });
    // A checkout in progress: it holds the customer's row, as placing an order does, and empties the cart on commit.
    const checkout = app.db.createQueryRunner();
    await checkout.startTransaction();
    try {
      await checkout.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [me.user.id]);
      const update = app.gql(UPDATE, { productId: kept.id, quantity: 3 }, { token: me.token });
      const remove = app.gql<{ removeFromCart: { items: unknown[] } }>(
        REMOVE,
        { productId: dropped.id },
        { token: me.token },
      );
      await waitForLockWaiter(app.db, checkout); // the changes wait for the checkout instead of slipping past it
      await checkout.query('DELETE FROM cart_items WHERE user_id = $1', [me.user.id]);
      await checkout.commitTransaction();
      // After the order: the line to update is gone with it, and the cart the remove answers is the empty one.
      expect((await update).errors?.[0]).toMatchObject({ message: CART_MESSAGES.notInCart });
      expect((await remove).data?.removeFromCart.items).toEqual([]);
    } finally {
      await checkout.release();
    }
    expect(await app.db.query('SELECT 1 FROM cart_items WHERE user_id = $1', [me.user.id])).toEqual([]);
  });

  it('is for signed-in users only (guests keep theirs in the browser); an admin has a cart like anyone', async () => {
    const product = await createProduct(app.db);
    for (const query of [CART, CLEAR]) {
      const res = await app.gql(query);
      expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
    const add = await app.gql(ADD, { productId: product.id });
    expect(add.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const update = await app.gql(UPDATE, { productId: product.id, quantity: 2 });
    expect(update.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const remove = await app.gql(REMOVE, { productId: product.id });
    expect(remove.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const merge = await app.gql(MERGE, { items: [] });
    expect(merge.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await ok(admin, ADD, { productId: product.id })).items).toHaveLength(1);
  });

  it('keeps the line of a deleted product with its snapshot: product null, not priced, removable', async () => {
    const me = await newUser();
    const gone = await createProduct(app.db, { name: 'Gone Game', priceCents: 2000, discount: 25 });
    const kept = await createProduct(app.db, { priceCents: 1000 });
    await ok(me, ADD, { productId: gone.id, quantity: 2 });
    await ok(me, ADD, { productId: kept.id });
    // Deleted behind the service's back: the line still has the snapshot taken when it was written.
    await app.db.query('DELETE FROM products WHERE id = $1', [gone.id]);
    const query = `query { cart { itemCount subtotal total items { productId name unitPrice lineTotal product { id } } } }`;
    const res = await app.gql<{ cart: { items: unknown[] } }>(query, {}, { token: me.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.cart).toEqual({
      itemCount: 3,
      subtotal: 10,
      total: 16,
      items: [
        { productId: gone.id, name: 'Gone Game', unitPrice: 15, lineTotal: 0, product: null },
        { productId: kept.id, name: kept.name, unitPrice: 10, lineTotal: 10, product: { id: kept.id } },
      ],
    });
    const removed = await ok(me, REMOVE, { productId: gone.id });
    expect(removed.items.map((item) => item.product.id)).toEqual([kept.id]);
  });

  it('lists a line sold out since, unpriced, and still prices one with fewer units left than it holds', async () => {
    const me = await newUser();
    const soldOut = await createProduct(app.db, { name: 'Sold Out Game', priceCents: 2000, amount: 2 });
    const short = await createProduct(app.db, { name: 'Short Game', priceCents: 1000, amount: 3 });
    await ok(me, ADD, { productId: soldOut.id, quantity: 2 });
    await ok(me, ADD, { productId: short.id, quantity: 3 });
    // Sold elsewhere after they went into this cart.
    await app.db.query('UPDATE products SET amount = 0 WHERE id = $1', [soldOut.id]);
    await app.db.query('UPDATE products SET amount = 1 WHERE id = $1', [short.id]);
    const query = `query { cart { itemCount subtotal tax total cartTotal items { productId unitPrice lineTotal } } }`;
    const res = await app.gql<{ cart: unknown }>(query, {}, { token: me.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.cart).toEqual({
      itemCount: 5,
      subtotal: 30,
      tax: 3,
      cartTotal: 33,
      total: 38,
      items: [
        { productId: soldOut.id, unitPrice: 20, lineTotal: 0 },
        { productId: short.id, unitPrice: 10, lineTotal: 30 },
      ],
    });
    // Checkout still refuses the cart, naming a line it cannot sell.
    const placed = await app.gql(
      `mutation { placeOrder(paymentMethod: Cash, orderDetail: { fullName: "A B", email: "a@example.com", phone: "5551234567", address: "1 Main St", city: "Town", zip: "12345" }) { id } }`,
      {},
      { token: me.token },
    );
    // (stock is taken in product-id order, so either line may be the one named)
    expect(placed.errors?.[0].message).toMatch(
      /^(Sorry, Sold Out Game is out of stock\.|Only 1 of Short Game left in stock\.)$/,
    );
    expect(placed.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect((await app.gql<{ cart: { itemCount: number } }>(query, {}, { token: me.token })).data!.cart.itemCount).toBe(
      5,
    );
  });

  describe('REST shims', () => {
    it('answer the whole cart as { items: [{ _id, product: { _id, ... }, quantity }] }', async () => {
      const me = await newUser();
      const a = await createProduct(app.db, { priceCents: 2500 });
      const b = await createProduct(app.db);
      for (const path of ['/api/cart', '/api/cart/checkcart']) {
        const res = await app.http(path, { token: me.token });
        expect(res.status).toBe(200);
        expect(res.body.items).toEqual([]);
      }
      const added = await app.http('/api/cart', {
        method: 'POST',
        token: me.token,
        json: { productId: a.id, quantity: 2 },
      });
      expect(added.status).toBe(200);
      expect(added.body.items).toEqual([
        {
          _id: expect.any(String),
          product: expect.objectContaining({ _id: a.id, name: a.name, price: 25, amount: 10, images: [] }),
          quantity: 2,
        },
      ]);
      await app.http('/api/cart', { method: 'POST', token: me.token, json: { productId: b.id, quantity: 1 } });
      const put = await app.http('/api/cart', {
        method: 'PUT',
        token: me.token,
        json: { productId: a.id, quantity: 3 },
      });
      expect(put.body.items.map((item: { quantity: number }) => item.quantity)).toEqual([3, 1]);
      const removed = await app.http(`/api/cart/${a.id}`, { method: 'DELETE', token: me.token });
      expect(removed.body.items.map((item: { product: { _id: string } }) => item.product._id)).toEqual([b.id]);
      const cleared = await app.http('/api/cart', { method: 'DELETE', token: me.token });
      expect(cleared.status).toBe(200);
      expect(cleared.body.items).toEqual([]);
    });

    it('refuse guests with 401 and bad quantities with 400 { message, error }', async () => {
      const me = await newUser();
      const a = await createProduct(app.db);
      for (const [method, path] of [
        ['GET', '/api/cart'],
        ['GET', '/api/cart/checkcart'],
        ['POST', '/api/cart'],
        ['PUT', '/api/cart'],
        ['DELETE', `/api/cart/${a.id}`],
        ['DELETE', '/api/cart'],
      ]) {
        const res = await app.http(path, {
          method,
          json: method === 'POST' || method === 'PUT' ? { productId: a.id } : undefined,
        });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ message: expect.any(String), error: expect.any(String) });
      }
      const bad = await app.http('/api/cart', {
        method: 'POST',
        token: me.token,
        json: { productId: a.id, quantity: 9 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: CART_MESSAGES.quantity, error: CART_MESSAGES.quantity });
      for (const quantity of ['2.5', 'two', '', ' ', '1e0'])
        for (const method of ['POST', 'PUT']) {
          const res = await app.http('/api/cart', { method, token: me.token, json: { productId: a.id, quantity } });
          expect([method, quantity, res.status, res.body.message]).toEqual([
            method,
            quantity,
            400,
            CART_MESSAGES.quantity,
          ]);
        }
      const junk = await app.http('/api/cart/not-an-id', { method: 'DELETE', token: me.token });
      expect(junk.status).toBe(200);
    });

    it('take a quantity sent as its digits in text, as a form field gives it', async () => {
      const me = await newUser();
      const a = await createProduct(app.db);
      const added = await app.http('/api/cart', {
        method: 'POST',
        token: me.token,
        json: { productId: a.id, quantity: '2' },
      });
      expect([added.status, added.body.items?.[0]?.quantity]).toEqual([200, 2]);
      const put = await app.http('/api/cart', {
        method: 'PUT',
        token: me.token,
        json: { productId: a.id, quantity: ' 3 ' },
      });
      expect([put.status, put.body.items?.[0]?.quantity]).toEqual([200, 3]);
    });

    it('show a product deleted since from the line’s snapshot, out of stock and unpriced, until it is removed', async () => {
      const me = await newUser();
      const gone = await createProduct(app.db, { priceCents: 2000 });
      const kept = await createProduct(app.db, { priceCents: 1000 });
      for (const product of [gone, kept])
        await app.http('/api/cart', { method: 'POST', token: me.token, json: { productId: product.id } });
      // Changed after it went into the cart, then deleted: the snapshot is the product as it was deleted.
      await app.db.query("UPDATE products SET name = 'Renamed Game', price_cents = 3000, discount = 50 WHERE id = $1", [
        gone.id,
      ]);
      expect((await app.http(`/api/products/${gone.id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);

      const cart = await app.http('/api/cart', { token: me.token });
      expect(cart.status).toBe(200);
      const [shown, live] = cart.body.items;
      expect(shown).toEqual({
        _id: expect.any(String),
        product: expect.objectContaining({
          _id: gone.id,
          name: 'Renamed Game',
          price: 15,
          amount: 0,
          // never empty for a product that has been shown: clients put images[0].url into <img src>
          images: [
            { _id: 'no-longer-sold', url: expect.stringMatching(/^http:\/\/[^/]+\/images\/no-longer-sold\.svg$/) },
          ],
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        }),
        quantity: 1,
      });
      // The full product shape, so clients that read any product field keep working.
      expect(Object.keys(shown.product).sort()).toEqual(Object.keys(live.product).sort());
      const picture = await fetch(shown.product.images[0].url);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(cart.body).toMatchObject({ subtotal: 10, tax: 1, shipping: 5, total: 16 });

      const put = await app.http('/api/cart', {
        method: 'PUT',
        token: me.token,
        json: { productId: gone.id, quantity: 2 },
      });
      expect(put.status).toBe(404);
      expect(put.body).toMatchObject({ message: CART_MESSAGES.productNotFound });
      const again = await app.http('/api/cart', { method: 'POST', token: me.token, json: { productId: gone.id } });
      expect(again.status).toBe(404);
      expect((await app.http('/api/cart', { token: me.token })).body.items).toEqual(cart.body.items);

      const removed = await app.http(`/api/cart/${gone.id}`, { method: 'DELETE', token: me.token });
      expect(removed.body.items.map((item: { product: { _id: string } }) => item.product._id)).toEqual([kept.id]);
    });
  });
});
