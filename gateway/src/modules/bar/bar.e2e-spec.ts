import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { uploadsDir } from '../../common/storage';
import { CREATION_KEY_MESSAGE } from '../../common/validation';
import { BarItem } from './bar-item.entity';
import { BAR_MESSAGES } from './bar-item.inputs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAdmin, createUser } from '../../test/factories';
import { gqlUpload, pngBytes, restForm, SVG_BYTES, type TestFile } from '../../test/uploads';

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).length : 0);
const PUBLIC_URL = 'https://bar.example';
const FIELDS = 'id name category description price image imageSmall';
const CREATE = `mutation Create($input: CreateBarItemInput!, $image: Upload) { createBarItem(input: $input, image: $image) { ${FIELDS} } }`;
const UPDATE = `mutation Update($id: ID!, $input: UpdateBarItemInput!, $image: Upload) { updateBarItem(id: $id, input: $input, image: $image) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteBarItem(id: $id) }';

type Item = {
  id: string;
  name: string;
  category: string;
  description: string;
  price: number;
  image: string | null;
  imageSmall: string | null;
};

describe('bar menu (HTTP, real database)', () => {
  let app: TestApp;
  let admin: string;
  let customer: string;
  let png: TestFile;

  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL });
    admin = (await createAdmin(app.db, app.deps.jwtSecret)).token;
    customer = (await createUser(app.db, app.deps.jwtSecret)).token;
    png = { name: 'latte.png', data: await pngBytes(300, 300, '#aa7744') };
  });
  afterAll(() => app.close());

  const create = async (input: Record<string, unknown>) => {
    const res = await app.gql<{ createBarItem: Item }>(CREATE, { input }, { token: admin });
    expect(res.errors).toBeUndefined();
    return res.data!.createBarItem;
  };

  it('creates an item without an image, with defaults', async () => {
    const item = await create({ name: 'Sparkling Water', price: 2.5 });
    expect(item).toMatchObject({
      name: 'Sparkling Water',
      price: 2.5,
      category: 'Other',
      description: '',
      image: null,
    });
  });

  it('creates an item with an image as WebP variants under the public URL', async () => {
    const res = await gqlUpload<{ createBarItem: Item }>(
      app.url,
      CREATE,
      { input: { name: 'Latte', price: 4.25, category: 'Beverage', description: 'Double shot.' }, image: null },
      { image: png },
      admin,
    );
    expect(res.errors).toBeUndefined();
    const item = res.data!.createBarItem;
    expect(item.image).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/bar/.+-lg\\.webp$`));
    expect(item.imageSmall).toMatch(/-sm\.webp$/);
    const file = await fetch(`${app.url}${new URL(item.image!).pathname}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
  });

  it('answers a create sent again with its creationKey with the item the first made, also when they race', async () => {
    const key = `k-${randomUUID()}`;
    const barFiles = () => filesIn(join(uploadsDir(app.deps.config), 'bar'));
    const files = barFiles();
    const withImage = () =>
      gqlUpload<{ createBarItem: Item }>(
        app.url,
        CREATE,
        { input: { name: 'Flat White', price: 3.9, creationKey: key }, image: null },
        { image: png },
        admin,
      );
    const answers = await Promise.all([withImage(), withImage(), withImage()]);
    const ids = new Set(answers.map((res) => res.data?.createBarItem.id));
    expect(ids.size).toBe(1);
    expect(ids.has(undefined)).toBe(false);
    const again = await create({ name: 'Flat White', price: 3.9, creationKey: key });
    expect(again).toEqual(answers[0].data!.createBarItem);
    // Changed after the failure: not answered as saved, nor made twice.
    const changed = await app.gql(
      CREATE,
      { input: { name: 'Flat White', price: 4, creationKey: key } },
      { token: admin },
    );
    expect(changed.errors?.[0]).toMatchObject({
      message: BAR_MESSAGES.createdDifferently,
      extensions: { code: 'CONFLICT' },
    });
    expect(await app.db.getRepository(BarItem).countBy({ creationKey: key })).toBe(1);
    expect(barFiles()).toBe(files + 2); // one image, small and large: the racers' were discarded
    const bad = await app.gql(CREATE, { input: { name: 'Tea', price: 3, creationKey: 'short' } }, { token: admin });
    expect(bad.errors?.[0]).toMatchObject({ message: CREATION_KEY_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it.each([
    [{ name: '', price: 3 }, 'Name is required.'],
    [{ name: '  ', price: 3 }, 'Name is required.'],
    [{ name: 'Tea', price: -1 }, 'Price is required.'],
    [{ name: 'Tea', price: 0.001 }, 'Price must be in whole cents.'],
    [{ name: 'Tea', price: 10000.01 }, 'Price must be at most $10,000.'],
    [{ name: 'Tea', price: 2.505 }, 'Price must be in whole cents.'],
    // a sliver of a cent is no price of 0
    [{ name: 'Tea', price: 1e-9 }, 'Price must be in whole cents.'],
    [{ name: 'Tea', price: 5e-324 }, 'Price must be in whole cents.'],
  ])('refuses %j with its message', async (input, message) => {
    const res = await app.gql(CREATE, { input }, { token: admin });
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('takes a price a float sum made, within noise of whole cents, as those cents', async () => {
    const item = await create({ name: 'Float Tea', price: 0.1 + 0.2 });
    expect(item.price).toBe(0.3);
  });

  it('takes the whole of a too-large image after refusing a field, so a client that sends it all gets its answer', async () => {
    // Sent as curl and browsers send it: the answer is theirs once the body is all written, which needs a reader.
    const form = new FormData();
    const query = `mutation ($input: CreateBarItemInput!, $image: Upload) { createBarItem(input: $input, image: $image) { id } }`;
    form.append(
      'operations',
      JSON.stringify({ query, variables: { input: { name: 'x'.repeat(130), price: 1 }, image: null } }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.image'] }));
    form.append('0', new Blob([Buffer.alloc(10 * 1024 * 1024, 1)], { type: 'image/png' }), 'huge.png');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const { port } = new URL(app.url);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          path: '/graphql',
          method: 'POST',
          headers: {
            'content-type': encoded.headers.get('content-type')!,
            'content-length': body.length,
            'apollo-require-preflight': 'true',
            authorization: `Bearer ${admin}`,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          // The answer counts once the request's body is all written too.
          const sent = new Promise((done) => (req.writableFinished ? done(null) : req.once('finish', done)));
          res.on('end', () => void sent.then(() => resolve({ status: res.statusCode!, text })));
        },
      );
      req.on('error', reject);
      req.setTimeout(10_000, () => req.destroy(new Error('the body was never all read')));
      req.end(body);
    });
    expect(JSON.parse(answer.text).errors[0]).toMatchObject({
      message: 'Name must be at most 120 characters.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await app.db.query("SELECT 1 FROM bar_items WHERE name LIKE 'xxxx%'")).toEqual([]);
  }, 20_000);

  it('refuses a text file named .png and an SVG as the image', async () => {
    for (const file of [
      { name: 'fake.png', data: Buffer.from('not an image'), type: 'image/png' },
      { name: 'logo.svg', data: SVG_BYTES, type: 'image/svg+xml' },
    ]) {
      const res = await gqlUpload(
        app.url,
        CREATE,
        { input: { name: 'Bad', price: 1 }, image: null },
        { image: file },
        admin,
      );
      expect(res.errors?.[0]).toMatchObject({
        message: 'Files must be images (JPEG, PNG, WebP or AVIF).',
        // named as the argument it came in
        extensions: { code: 'BAD_USER_INPUT', field: 'image' },
      });
    }
  });

  it('updates fields, replaces and removes the image', async () => {
    const item = await create({ name: 'Nachos', price: 6, category: 'Snack' });
    const withImage = await gqlUpload<{ updateBarItem: Item }>(
      app.url,
      UPDATE,
      { id: item.id, input: { price: 6.5 }, image: null },
      { image: png },
      admin,
    );
    expect(withImage.data!.updateBarItem).toMatchObject({ price: 6.5, name: 'Nachos' });
    const first = withImage.data!.updateBarItem.image!;
    const replaced = await gqlUpload<{ updateBarItem: Item }>(
      app.url,
      UPDATE,
      { id: item.id, input: {}, image: null },
      { image: png },
      admin,
    );
    expect(replaced.data!.updateBarItem.image).not.toBe(first);
    expect((await fetch(`${app.url}${new URL(first).pathname}`)).status).toBe(404);

    const removed = await app.gql<{ updateBarItem: Item }>(
      UPDATE,
      { id: item.id, input: { removeImage: true } },
      { token: admin },
    );
    expect(removed.data!.updateBarItem.image).toBeNull();
    const empty = await app.gql(UPDATE, { id: item.id, input: { name: '' } }, { token: admin });
    expect(empty.errors?.[0].message).toBe('Name is required.');
  });

  describe('concurrent edits', () => {
    const update = (id: string, input: Record<string, unknown>) =>
      app.gql<{ updateBarItem: Item }>(UPDATE, { id, input }, { token: admin });

    it('a delete racing edits stays a delete: no edit writes the item back, and each edit is done or "not found"', async () => {
      for (let round = 0; round < 5; round++) {
        const item = await create({ name: `Ghost ${round}`, price: 3 });
        const [deleted, ...edits] = await Promise.all([
          app.gql(DELETE, { id: item.id }, { token: admin }),
          ...[1, 2, 3, 4, 5, 6].map((n) => update(item.id, { price: 3 + n })),
        ]);
        expect(deleted.errors).toBeUndefined();
        for (const edit of edits) {
          if (edit.errors) expect(edit.errors[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
        }
        const rows: unknown[] = await app.db.query('SELECT 1 FROM bar_items WHERE id = $1', [item.id]);
        expect(rows).toEqual([]);
      }
    });

    it('deletes racing each other: one succeeds, the others are "not found", over GraphQL and REST alike', async () => {
      for (let round = 0; round < 5; round++) {
        const item = await create({ name: `Twice ${round}`, price: 3 });
        const [viaGraphql, viaRest] = await Promise.all([
          Promise.all([1, 2, 3].map(() => app.gql(DELETE, { id: item.id }, { token: admin }))),
          Promise.all([1, 2, 3].map(() => app.http(`/api/bar/${item.id}`, { method: 'DELETE', token: admin }))),
        ]);
        const refused = [
          ...viaGraphql.filter((res) => res.errors?.[0].extensions?.code === 'NOT_FOUND'),
          ...viaRest.filter((res) => res.status === 404),
        ];
        const done = [...viaGraphql.filter((res) => !res.errors), ...viaRest.filter((res) => res.status === 200)];
        expect([done.length, refused.length]).toEqual([1, 5]);
      }
    });

    it('edits of different fields racing each other all land: none writes back what another changed', async () => {
      // A lost update needs the writes to interleave just so: rare in one round, so many rounds.
      for (let round = 0; round < 25; round++) {
        const item = await create({ name: 'Chips', price: 2, category: 'Snack', description: 'Salted.' });
        const results = await Promise.all([
          update(item.id, { name: `Chips ${round}` }),
          update(item.id, { price: 2.75 }),
          update(item.id, { category: 'Meal' }),
          update(item.id, { description: 'Sea salt and vinegar.' }),
        ]);
        for (const res of results) expect(res.errors).toBeUndefined();
        const rows: unknown[] = await app.db.query(
          'SELECT name, price_cents, category, description FROM bar_items WHERE id = $1',
          [item.id],
        );
        expect(rows).toEqual([
          { name: `Chips ${round}`, price_cents: 275, category: 'Meal', description: 'Sea salt and vinegar.' },
        ]);
      }
    });
  });

  it('lets only admins write (GraphQL and REST)', async () => {
    const item = await create({ name: 'Espresso', price: 2, category: 'Beverage' });
    const writes: [string, Record<string, unknown>][] = [
      [CREATE, { input: { name: 'X', price: 1 } }],
      [UPDATE, { id: item.id, input: { name: 'X' } }],
      [DELETE, { id: item.id }],
    ];
    for (const [query, variables] of writes) {
      expect((await app.gql(query, variables)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      expect((await app.gql(query, variables, { token: customer })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    for (const [method, path] of [
      ['POST', '/api/bar'],
      ['PUT', `/api/bar/${item.id}`],
      ['DELETE', `/api/bar/${item.id}`],
    ]) {
      const body = method === 'DELETE' ? undefined : restForm({ name: 'X', price: '1' });
      expect((await app.http(path, { method, body })).status).toBe(401);
      const res = await app.http(path, {
        method,
        body: method === 'DELETE' ? undefined : restForm({ name: 'X', price: '1' }),
        token: customer,
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: res.body.error });
    }
    expect(
      (await app.gql<{ barItem: Item }>('query($id: ID!) { barItem(id: $id) { name } }', { id: item.id })).data?.barItem
        .name,
    ).toBe('Espresso');
  });

  describe('menu order and REST shims', () => {
    let menu: TestApp;
    beforeAll(async () => {
      menu = await createTestApp({ PUBLIC_URL });
      const token = (await createAdmin(menu.db, menu.deps.jwtSecret)).token;
      for (const [name, category] of [
        ['Zombie Burger', 'Meal'],
        ['Gift Mug', 'Other'],
        ['Cola', 'Beverage'],
        ['Mojito', 'Cocktail'],
        ['Chips', 'Snack'],
        ['Americano', 'Beverage'],
      ]) {
        const res = await menu.gql(CREATE, { input: { name, category, price: 3 } }, { token });
        expect(res.errors).toBeUndefined();
      }
    });
    afterAll(() => menu.close());

    it('groups the menu Beverage, Snack, Cocktail, Meal, Other, by name inside a group', async () => {
      const res = await menu.gql<{ barItems: Item[] }>(`{ barItems { name category } }`);
      expect(res.data!.barItems.map((item) => item.name)).toEqual([
        'Americano',
        'Cola',
        'Chips',
        'Mojito',
        'Zombie Burger',
        'Gift Mug',
      ]);
    });

    it('answers GET /api/bar as a bare array in the REST shape', async () => {
      const res = await menu.http('/api/bar');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(6);
      expect(res.body[0]).toEqual({
        _id: expect.any(String),
        name: 'Americano',
        description: '',
        price: 3,
        category: 'Beverage',
        image: null,
        imageSmall: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const one = await menu.http(`/api/bar/${res.body[0]._id}`);
      expect(one.body._id).toBe(res.body[0]._id);
      const missing = await menu.http('/api/bar/nope');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Item not found', error: 'Item not found', code: 'NOT_FOUND' });
    });

    it('creates, updates and deletes through multipart REST with an optional image', async () => {
      const token = (await createAdmin(menu.db, menu.deps.jwtSecret)).token;
      const created = await menu.http('/api/bar', {
        method: 'POST',
        token,
        body: restForm({ name: 'Pixel Punch', description: 'Neon.', price: '8.75', category: 'cocktail' }, [
          { field: 'image', file: png },
        ]),
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Pixel Punch', price: 8.75, category: 'Cocktail' });
      expect(created.body.image).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/bar/`));
      // an item has one picture: two are refused, not one kept without a word
      const two = await menu.http('/api/bar', {
        method: 'POST',
        token,
        body: restForm({ name: 'Double Punch', price: '8' }, [
          { field: 'image', file: png },
          { field: 'image', file: png },
        ]),
      });
      expect(two.status).toBe(400);
      expect(two.body.message).toBe(BAR_MESSAGES.oneImage);

      const json = await menu.http('/api/bar', {
        method: 'POST',
        token,
        json: { name: 'Tea', price: 2, _id: 'x', __v: 0 },
      });
      expect(json.status).toBe(201);
      expect(json.body).toMatchObject({ name: 'Tea', category: 'Other', image: null });

      for (const [fields, message] of [
        [{ name: '', price: '2' }, 'Name is required.'],
        [{ name: 'Tea' }, 'Price is required.'],
        [{ name: 'Tea', price: 'free' }, 'Price is required.'],
        [
          { name: 'Tea', price: '2', category: 'Soup' },
          'Category must be one of Beverage, Snack, Cocktail, Meal, Other.',
        ],
      ] as const) {
        const res = await menu.http('/api/bar', { method: 'POST', token, body: restForm(fields) });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message, error: message, code: 'BAD_USER_INPUT' });
      }

      // An image over the limit by more than the body's slack (1 MB) stops the upload itself: the answer still names
      // the image limit, as a smaller oversized image's does, under the 413 code every too-large body has.
      const huge = { name: 'huge.png', data: Buffer.concat([png.data, Buffer.alloc(7 * 1024 * 1024)]) };
      const tooBig = await menu.http(`/api/bar/${created.body._id}`, {
        method: 'PUT',
        token,
        body: restForm({ name: 'Pixel Punch' }, [{ field: 'image', file: huge }]),
      });
      expect(tooBig.status).toBe(413);
      const limit = 'Each image must be at most 5 MB.';
      expect(tooBig.body).toEqual({ message: limit, error: limit, code: 'PAYLOAD_TOO_LARGE' });

      const emptied = await menu.http(`/api/bar/${created.body._id}`, {
        method: 'PUT',
        token,
        body: restForm({ price: '' }),
      });
      expect(emptied.status).toBe(400);
      expect(emptied.body.message).toBe('Price is required.');

      const updated = await menu.http(`/api/bar/${created.body._id}`, {
        method: 'PUT',
        token,
        body: restForm({ name: 'Pixel Punch XL', price: '9.5', category: 'Cocktail', description: 'Bigger.' }),
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        name: 'Pixel Punch XL',
        price: 9.5,
        description: 'Bigger.',
        image: created.body.image,
      });

      const deleted = await menu.http(`/api/bar/${created.body._id}`, { method: 'DELETE', token });
      expect(deleted.body).toEqual({ message: 'Item deleted successfully', _id: created.body._id });
      expect((await menu.http(`/api/bar/${created.body._id}`)).status).toBe(404);
      expect((await fetch(`${menu.url}${new URL(created.body.image).pathname}`)).status).toBe(404);
    });
  });
});
