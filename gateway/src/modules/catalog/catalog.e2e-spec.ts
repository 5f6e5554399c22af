import { createTestApp, type TestApp } from '../../test/test-app';
import { createAdmin, createUser } from '../../test/factories';
import { gqlUpload, pngBytes, pngDeclaring, restForm, SVG_BYTES, type TestFile } from '../../test/uploads';
import { TOO_MANY_PIXELS, UPLOAD_MESSAGES } from '../../common/images';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { uploadsDir } from '../../common/storage';
import { CREATION_KEY_MESSAGE } from '../../common/validation';
import { createOnce } from '../../db/create-once';
import { Product, ProductCategory, ProductImage, ProductPlatform } from './product.entity';
import { PRODUCT_MESSAGES as M } from './product.inputs';

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).length : 0);
const PUBLIC_URL = 'https://shop.example';

const PRODUCT_FIELDS = `id name description price salePrice discount amount inStock category platform brand isFeatured rating
  images { id url smallUrl position width height }`;
const CREATE = `mutation Create($input: CreateProductInput!, $images: [Upload!]) {
  createProduct(input: $input, images: $images) { ${PRODUCT_FIELDS} } }`;
const UPDATE = `mutation Update($id: ID!, $input: UpdateProductInput!, $images: [Upload!]) {
  updateProduct(id: $id, input: $input, images: $images) { ${PRODUCT_FIELDS} } }`;
const LIST = `query List($filter: ProductFilter, $sort: ProductSort, $page: Int, $pageSize: Int) {
  products(filter: $filter, sort: $sort, page: $page, pageSize: $pageSize) {
    total page totalPages items { id name price salePrice images { url smallUrl } } } }`;

type ProductResult = {
  id: string;
  name: string;
  platform: string;
  price: number;
  salePrice: number;
  images: { id: string; url: string; smallUrl: string; position: number; width: number }[];
};

const validInput = {
  name: 'Starfall Odyssey',
  description: 'A space opera.',
  price: 59.99,
  discount: 25,
  amount: 7,
  category: 'Game',
  platform: 'PS5',
  brand: 'Nebula Works',
  isFeatured: true,
  rating: 4.5,
};

describe('catalogue (HTTP, real database)', () => {
  let app: TestApp;
  let admin: string;
  let customer: string;
  let png: TestFile;
  const images = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`images.${i}`, png]));

  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL });
    admin = (await createAdmin(app.db, app.deps.jwtSecret)).token;
    customer = (await createUser(app.db, app.deps.jwtSecret)).token;
    png = { name: 'cover.png', data: await pngBytes(800, 600) };
  });
  afterAll(() => app.close());

  async function createProduct(input: Record<string, unknown> = validInput, count = 1): Promise<ProductResult> {
    const res = await gqlUpload<{ createProduct: ProductResult }>(
      app.url,
      CREATE,
      { input, images: Array(count).fill(null) },
      images(count),
      admin,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.createProduct;
  }

  const rowOf = (name: string): Partial<Product> => ({
    name,
    description: 'Plain',
    priceCents: 1000,
    amount: 3,
    category: ProductCategory.Other,
    platform: ProductPlatform.Other,
  });

  /** Rows straight in the database, for list tests that need many products but no files. */
  async function insertProducts(rows: Partial<Product>[]) {
    const repo = app.db.getRepository(Product);
    const saved = [];
    for (const [i, row] of rows.entries()) {
      const product = await repo.save(
        repo.create({
          description: 'Plain',
          priceCents: 1000,
          amount: 3,
          category: ProductCategory.Other,
          platform: ProductPlatform.Other,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
          ...row,
        }),
      );
      await app.db.getRepository(ProductImage).insert([
        {
          productId: product.id,
          position: 0,
          smallKey: `products/${product.id}-a-sm.webp`,
          largeKey: `products/${product.id}-a-lg.webp`,
          width: 10,
          height: 10,
        },
        {
          productId: product.id,
          position: 1,
          smallKey: `products/${product.id}-b-sm.webp`,
          largeKey: `products/${product.id}-b-lg.webp`,
          width: 10,
          height: 10,
        },
      ]);
      saved.push(product);
    }
    return saved;
  }

  describe('admin writes through GraphQL', () => {
    it('creates a product with its images, dollars in and out, sale price after discount', async () => {
      const product = await createProduct(validInput, 2);
      expect(product).toMatchObject({
        name: 'Starfall Odyssey',
        price: 59.99,
        salePrice: 44.99,
        discount: 25,
        amount: 7,
        inStock: true,
        category: 'Game',
        platform: 'PS5',
        brand: 'Nebula Works',
        isFeatured: true,
        rating: 4.5,
      } as Partial<ProductResult>);
      expect(product.images).toHaveLength(2);
      expect(product.images.map((image) => image.position)).toEqual([0, 1]);
      expect(product.images[0].url).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/products/.+-lg\\.webp$`));
      expect(product.images[0].smallUrl).toMatch(/-sm\.webp$/);
      expect(product.images[0].width).toBe(800);

      // The variants are real WebP files served with long cache headers.
      const path = new URL(product.images[0].smallUrl).pathname;
      const file = await fetch(`${app.url}${path}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toMatch(/immutable/);
    });

    it('takes the platform All (spec §3): such a product shows under every platform filter of the shop', async () => {
      const product = await createProduct({ ...validInput, name: 'Universal Charging Dock', platform: 'All' }, 1);
      expect(product.platform).toBe('All');
      for (const platform of ['PS5', 'PC', 'XBox', 'Others']) {
        const res = await app.gql<{ products: { items: { id: string }[] } }>(LIST, {
          filter: { search: 'Universal Charging Dock', platform },
        });
        expect(res.data!.products.items.map((item) => item.id)).toContain(product.id);
      }
      const rest = await app.http('/api/products/search?q=Universal%20Charging%20Dock&platform=PC');
      expect(rest.body.map((p: { _id: string; platform: string }) => [p._id, p.platform])).toContainEqual([
        product.id,
        'All',
      ]);
    });

    it('applies the defaults of a new product', async () => {
      const product = await createProduct({ name: 'Sticker', description: 'Shiny.', price: 2, amount: 0 });
      expect(product).toMatchObject({
        discount: 0,
        category: 'Other',
        platform: 'Other',
        brand: null,
        isFeatured: false,
        rating: 0,
        inStock: false,
      } as Partial<ProductResult>);
    });

    it.each([
      [{ name: '' }, 'Name is required.'],
      [{ name: '   ' }, 'Name is required.'],
      [{ description: '' }, 'Description is required.'],
      [{ price: -1 }, 'Price is required.'],
      [{ price: 0.001 }, 'Price must be in whole cents.'],
      [{ amount: -1 }, 'Amount required.'],
      [{ discount: 101 }, 'Discount must be between 0 and 100.'],
      [{ discount: -5 }, 'Discount must be between 0 and 100.'],
      [{ rating: 4.3 }, 'Rating must be between 0 and 5, in steps of 0.5.'],
      [{ rating: 5.5 }, 'Rating must be between 0 and 5, in steps of 0.5.'],
    ])('refuses %j with its message', async (change, message) => {
      const res = await gqlUpload(
        app.url,
        CREATE,
        { input: { ...validInput, ...change }, images: [null] },
        images(1),
        admin,
      );
      expect(res.errors?.[0].message).toBe(message);
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('needs at least one image for a new product', async () => {
      const res = await app.gql(CREATE, { input: validInput }, { token: admin });
      expect(res.errors?.[0]).toMatchObject({
        message: 'Please upload at least one image.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('refuses a picture of over 40 megapixels from its header, before decoding it (a decompression bomb)', async () => {
      const bomb = { name: 'bomb.png', data: await pngDeclaring(8000, 6000) };
      const res = await gqlUpload(app.url, CREATE, { input: validInput, images: [null] }, { 'images.0': bomb }, admin);
      expect(res.errors?.[0]).toMatchObject({ message: TOO_MANY_PIXELS, extensions: { code: 'BAD_USER_INPUT' } });
    });

    it('answers a file variable whose part the request does not carry as bad input, not an internal error', async () => {
      const form = new FormData();
      form.append('operations', JSON.stringify({ query: CREATE, variables: { input: validInput, images: [null] } }));
      form.append('map', JSON.stringify({ 0: ['variables.images.0'] }));
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${admin}` },
        body: form,
      });
      const body = (await response.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
      expect(body.errors?.[0]).toMatchObject({
        message: UPLOAD_MESSAGES.missing,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('refuses a sixth image, on create and on update', async () => {
      const six = await gqlUpload(
        app.url,
        CREATE,
        { input: validInput, images: Array(6).fill(null) },
        images(6),
        admin,
      );
      expect(six.errors?.[0].message).toBe('A product can have at most 5 images.');

      const product = await createProduct(validInput, 5);
      const more = await gqlUpload(app.url, UPDATE, { id: product.id, input: {}, images: [null] }, images(1), admin);
      expect(more.errors?.[0].message).toBe('A product can have at most 5 images.');
      // Removing one makes room for one.
      const swap = await gqlUpload<{ updateProduct: ProductResult }>(
        app.url,
        UPDATE,
        { id: product.id, input: { removedImageIds: [product.images[0].id] }, images: [null] },
        images(1),
        admin,
      );
      expect(swap.errors).toBeUndefined();
      expect(swap.data!.updateProduct.images).toHaveLength(5);
      expect(swap.data!.updateProduct.images[0].id).toBe(product.images[1].id);
    });

    it('tells admins the upload limits the server applies (UPLOAD_MAX_MB), so the forms can check before sending', async () => {
      const QUERY = 'query { uploadLimits { imageMaxBytes } }';
      const res = await app.gql<{ uploadLimits: unknown }>(QUERY, {}, { token: admin });
      expect(res.data?.uploadLimits).toEqual({ imageMaxBytes: 5 * 1024 * 1024 });
      const small = await createTestApp({ PUBLIC_URL, UPLOAD_MAX_MB: '0.5' });
      try {
        const token = (await createAdmin(small.db, small.deps.jwtSecret)).token;
        const limits = await small.gql<{ uploadLimits: unknown }>(QUERY, {}, { token });
        expect(limits.data?.uploadLimits).toEqual({ imageMaxBytes: 512 * 1024 });
      } finally {
        await small.close();
      }
    });

    it('refuses files that are not images by their content, SVG, and files over the size limit', async () => {
      const text = { name: 'photo.png', data: Buffer.from('just some text, not a picture'), type: 'image/png' };
      const svg = { name: 'logo.svg', data: SVG_BYTES, type: 'image/svg+xml' };
      const svgAsPng = { name: 'logo.png', data: SVG_BYTES, type: 'image/png' };
      const huge = { name: 'huge.png', data: Buffer.concat([png.data, Buffer.alloc(6 * 1024 * 1024)]) };
      for (const file of [text, svg, svgAsPng]) {
        const res = await gqlUpload(
          app.url,
          CREATE,
          { input: validInput, images: [null] },
          { 'images.0': file },
          admin,
        );
        expect(res.errors?.[0].message).toBe('Files must be images (JPEG, PNG, WebP or AVIF).');
      }
      const big = await gqlUpload(app.url, CREATE, { input: validInput, images: [null] }, { 'images.0': huge }, admin);
      expect(big.errors?.[0].message).toBe('Each image must be at most 5 MB.');
      const count = await app.db.getRepository(Product).countBy({ name: validInput.name, amount: 7, discount: 25 });
      const before = count;
      // A bad second file leaves nothing behind.
      await gqlUpload(
        app.url,
        CREATE,
        { input: validInput, images: [null, null] },
        { 'images.0': png, 'images.1': text },
        admin,
      );
      expect(await app.db.getRepository(Product).countBy({ name: validInput.name, amount: 7, discount: 25 })).toBe(
        before,
      );
    });

    it('accepts JPEG, WebP and AVIF as well as PNG', async () => {
      const sharp = (await import('sharp')).default;
      const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } });
      const files = {
        'images.0': { name: 'a.jpg', data: await base().jpeg().toBuffer(), type: 'image/jpeg' },
        'images.1': { name: 'b.webp', data: await base().webp().toBuffer(), type: 'image/webp' },
        'images.2': { name: 'c.avif', data: await base().avif().toBuffer(), type: 'image/avif' },
      };
      const res = await gqlUpload<{ createProduct: ProductResult }>(
        app.url,
        CREATE,
        { input: validInput, images: [null, null, null] },
        files,
        admin,
      );
      expect(res.errors).toBeUndefined();
      expect(res.data!.createProduct.images).toHaveLength(3);
    });

    it('refuses an upload without the CSRF preflight header', async () => {
      const form = new FormData();
      form.append('operations', JSON.stringify({ query: CREATE, variables: { input: validInput, images: [null] } }));
      form.append('map', JSON.stringify({ 0: ['variables.images.0'] }));
      form.append('0', new Blob([new Uint8Array(png.data)], { type: 'image/png' }), 'a.png');
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/CSRF/i);
    });

    it('updates fields and images, and never removes the last image', async () => {
      const product = await createProduct(validInput, 1);
      const res = await app.gql<{ updateProduct: ProductResult & { discount: number; brand: string | null } }>(
        UPDATE,
        { id: product.id, input: { name: 'Starfall Odyssey II', price: 10, discount: 0, brand: '' } },
        { token: admin },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data!.updateProduct).toMatchObject({
        name: 'Starfall Odyssey II',
        price: 10,
        salePrice: 10,
        brand: null,
      });

      const last = await app.gql(
        UPDATE,
        { id: product.id, input: { removedImageIds: [product.images[0].id] } },
        { token: admin },
      );
      expect(last.errors?.[0].message).toBe('At least 1 image is required.');

      const empty = await app.gql(UPDATE, { id: product.id, input: { name: '' } }, { token: admin });
      expect(empty.errors?.[0].message).toBe('Name is required.');
    });

    it('adds the new images of an edit sent again with its updateKey (its answer lost) once, also when they race', async () => {
      const product = await createProduct(validInput, 1);
      const productFiles = () => filesIn(join(uploadsDir(app.deps.config), 'products'));
      const edit = async (input: Record<string, unknown>, count: number) => {
        const res = await gqlUpload<{ updateProduct: ProductResult }>(
          app.url,
          UPDATE,
          { id: product.id, input, images: Array(count).fill(null) },
          images(count),
          admin,
        );
        expect(res.errors).toBeUndefined();
        return res.data!.updateProduct;
      };
      const key = `k-${randomUUID()}`;
      const first = await edit({ name: 'Edited once', removedImageIds: [], updateKey: key }, 2);
      expect(first.images).toHaveLength(3);
      const files = productFiles();
      const again = await edit({ name: 'Edited once', removedImageIds: [], updateKey: key }, 2);
      expect(again).toEqual(first);
      expect(productFiles()).toBe(files);
      // Sent twice at once: one adds, the other's files are discarded.
      const racing = `k-${randomUUID()}`;
      const twins = await Promise.all([1, 2].map(() => edit({ updateKey: racing }, 1)));
      expect(twins.map((answer) => answer.images.length).sort()).toEqual([4, 4]);
      expect(productFiles()).toBe(files + 2);
      // At the cap: the edit that filled it, sent again, is no "At most 5 images.".
      const last = `k-${randomUUID()}`;
      expect((await edit({ updateKey: last }, 1)).images).toHaveLength(5);
      expect((await edit({ updateKey: last }, 1)).images).toHaveLength(5);
      // Without a key (or with another), each edit adds what it sends, as before.
      const full = await gqlUpload(app.url, UPDATE, { id: product.id, input: {}, images: [null] }, images(1), admin);
      expect(full.errors?.[0].message).toBe(M.tooManyImages);
      const bad = await app.gql(UPDATE, { id: product.id, input: { updateKey: 'short' } }, { token: admin });
      expect(bad.errors?.[0].message).toBe('updateKey must be 16 to 64 letters, digits, - or _.');
    });

    it('deletes a product with its images', async () => {
      const product = await createProduct(validInput, 1);
      const path = new URL(product.images[0].url).pathname;
      const res = await app.gql('mutation($id: ID!) { deleteProduct(id: $id) }', { id: product.id }, { token: admin });
      expect(res.data).toEqual({ deleteProduct: product.id });
      expect((await app.gql('query($id: ID!) { product(id: $id) { id } }', { id: product.id })).data).toEqual({
        product: null,
      });
      expect((await fetch(`${app.url}${path}`)).status).toBe(404);
      const again = await app.gql(
        'mutation($id: ID!) { deleteProduct(id: $id) }',
        { id: product.id },
        { token: admin },
      );
      expect(again.errors?.[0]).toMatchObject({ message: 'Product not found', extensions: { code: 'NOT_FOUND' } });
    });

    describe('a create sent again with its creationKey (a form retrying after a lost answer)', () => {
      const productFiles = () => filesIn(join(uploadsDir(app.deps.config), 'products'));
      const rowsKeyed = (key: string) => app.db.getRepository(Product).countBy({ creationKey: key });

      it('answers with the product the first one made, makes no second and keeps no second set of images', async () => {
        const key = `k-${randomUUID()}`;
        const first = await createProduct({ ...validInput, creationKey: key }, 2);
        const files = productFiles();
        const again = await createProduct({ ...validInput, creationKey: key }, 1);
        expect(again).toEqual(first);
        expect(await rowsKeyed(key)).toBe(1);
        expect(productFiles()).toBe(files);
        // Changed after the failure: not answered as saved, nor made twice; the admin is told where the product is.
        for (const change of [{ name: 'Edited after the failure' }, { price: 60 }, { brand: null }, { rating: 4 }]) {
          const res = await gqlUpload(
            app.url,
            CREATE,
            { input: { ...validInput, ...change, creationKey: key }, images: [null] },
            images(1),
            admin,
          );
          expect(res.errors?.[0]).toMatchObject({ message: M.createdDifferently, extensions: { code: 'CONFLICT' } });
        }
        expect(await rowsKeyed(key)).toBe(1);
        expect(productFiles()).toBe(files);
        // Another key is another product.
        const other = await createProduct({ ...validInput, creationKey: `k-${randomUUID()}` }, 1);
        expect(other.id).not.toBe(first.id);
      });

      it('makes one product when the same create arrives several times at once', async () => {
        const key = `k-${randomUUID()}`;
        const files = productFiles();
        const answers = await Promise.all(
          Array.from({ length: 4 }, () => createProduct({ ...validInput, creationKey: key }, 1)),
        );
        expect(new Set(answers.map((a) => a.id)).size).toBe(1);
        expect(await rowsKeyed(key)).toBe(1);
        expect(productFiles()).toBe(files + 2); // one image, small and large: the others' were discarded
      });

      it('answers with the row that won when another create with the key commits between the look and the insert', async () => {
        const key = `k-${randomUUID()}`;
        const repo = app.db.getRepository(Product);
        const target = { entity: Product, constraint: 'products_creation_key_key', changed: M.createdDifferently };
        let racer: Product | undefined;
        const answer = await createOnce(app.db, target, key, rowOf('Racer'), async (row) => {
          racer = await repo.save(repo.create(row));
          return repo.save(repo.create(row));
        });
        expect(answer.id).toBe(racer!.id);
        expect(await rowsKeyed(key)).toBe(1);
        // The winner deleted as soon as made: made again, once.
        const gone = `k-${randomUUID()}`;
        let tries = 0;
        const remade = await createOnce(app.db, target, gone, rowOf('Remade'), async (row) => {
          tries += 1;
          if (tries > 1) return repo.save(repo.create(row));
          const winner = await repo.save(repo.create(row));
          try {
            return await repo.save(repo.create(row));
          } finally {
            await repo.delete(winner.id);
          }
        });
        expect(tries).toBe(2);
        expect(await repo.findBy({ creationKey: gone })).toEqual([expect.objectContaining({ id: remade.id })]);
        // Any other refusal is the caller's.
        await expect(
          createOnce(
            app.db,
            target,
            `k-${randomUUID()}`,
            { ...rowOf('No price'), priceCents: null as unknown as number },
            (row) => repo.save(repo.create(row)),
          ),
        ).rejects.toThrow(/null value/);
      });

      it.each([['short'], ['has spaces in it, sixteen+'], ['x'.repeat(65)], [42]])(
        'refuses the key %j, making nothing',
        async (creationKey) => {
          const before = await app.db.getRepository(Product).count();
          const res = await gqlUpload(
            app.url,
            CREATE,
            { input: { ...validInput, creationKey }, images: [null] },
            images(1),
            admin,
          );
          expect(res.errors?.[0]).toMatchObject({
            message: typeof creationKey === 'number' ? expect.any(String) : CREATION_KEY_MESSAGE,
            extensions: { code: 'BAD_USER_INPUT' },
          });
          expect(await app.db.getRepository(Product).count()).toBe(before);
        },
      );
    });

    it('lets only admins write: guests are UNAUTHENTICATED, customers FORBIDDEN', async () => {
      const product = await createProduct(validInput, 1);
      const writes: [string, Record<string, unknown>][] = [
        [CREATE, { input: validInput }],
        [UPDATE, { id: product.id, input: { name: 'Hacked' } }],
        ['mutation($id: ID!) { deleteProduct(id: $id) }', { id: product.id }],
      ];
      for (const [query, variables] of writes) {
        expect((await app.gql(query, variables)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
        expect((await app.gql(query, variables, { token: customer })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
      }
      const guestUpload = await gqlUpload(app.url, CREATE, { input: validInput, images: [null] }, images(1));
      expect(guestUpload.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      const still = await app.gql<{ product: { name: string } }>('query($id: ID!) { product(id: $id) { name } }', {
        id: product.id,
      });
      expect(still.data?.product.name).toBe(validInput.name);
    });
  });

  it('productsByIds answers in the order asked, null for a deleted or malformed id, in 2 SQL statements', async () => {
    const [a, b, gone] = await insertProducts([{ name: 'Ids A' }, { name: 'Ids B', amount: 0 }, { name: 'Ids Gone' }]);
    await app.db.query('DELETE FROM products WHERE id = $1', [gone.id]);
    const query = `query Ids($ids: [ID!]!) { productsByIds(ids: $ids) { id name amount images { smallUrl } } }`;
    app.queries.reset();
    const res = await app.gql<{ productsByIds: ({ id: string; name: string; amount: number } | null)[] }>(query, {
      ids: [b.id, 'not-an-id', gone.id, a.id],
    });
    expect(app.queries.count).toBeLessThanOrEqual(2);
    expect(res.errors).toBeUndefined();
    expect(res.data!.productsByIds.map((p) => p && [p.name, p.amount])).toEqual([
      ['Ids B', 0],
      null,
      null,
      ['Ids A', 3],
    ]);
    const many = await app.gql(query, { ids: Array.from({ length: 101 }, () => a.id) });
    expect(many.errors?.[0]).toMatchObject({
      message: 'Ask for at most 100 products at once.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('searches without regard to accents, either way round, on GraphQL and REST', async () => {
    await insertProducts([
      { name: 'Pokémon Café Quest', brand: 'Nintendø Zephyrus' },
      { name: 'Cafe Racer Quix', description: 'A crème brûlée of a racing game.' },
    ]);
    const search = async (text: string) => {
      const res = await app.gql<{ products: { items: { name: string }[] } }>(LIST, {
        filter: { search: text },
        pageSize: 50,
      });
      expect(res.errors).toBeUndefined();
      return res.data!.products.items.map((item) => item.name);
    };
    for (const text of ['pokemon', 'POKÉMON', 'pokemon cafe quest', 'Pokemón']) {
      expect([text, await search(text)]).toEqual([text, expect.arrayContaining(['Pokémon Café Quest'])]);
    }
    expect(await search('café racer quix')).toContain('Cafe Racer Quix');
    expect(await search('creme brulee')).toEqual(['Cafe Racer Quix']);
    expect(await search('nintendo zephyrus')).toEqual(['Pokémon Café Quest']);
    const rest = await app.http('/api/products/search?q=pokemon%20cafe%20quest');
    expect(rest.body.map((p: { name: string }) => p.name)).toContain('Pokémon Café Quest');
  });

  describe('REST shims', () => {
    it('creates with a multipart form (fields as text, repeated images) and answers the REST shape', async () => {
      const body = restForm(
        {
          name: 'Arcade Stick',
          description: 'Fight-stick.',
          price: '129.5',
          discount: '10',
          amount: '4',
          category: 'Accessory',
          platform: 'PC',
          brand: 'Joy',
          isFeatured: 'true',
          rating: '3.5',
          _id: 'ignored',
          __v: '0',
        },
        [
          { field: 'images', file: png },
          { field: 'images', file: png },
        ],
      );
      const created = await app.http('/api/products', { method: 'POST', body, token: admin });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Arcade Stick',
        price: 129.5,
        discount: 10,
        amount: 4,
        category: 'Accessory',
        platform: 'PC',
        brand: 'Joy',
        isFeatured: true,
        rating: 3.5,
      });
      expect(typeof created.body._id).toBe('string');
      expect(created.body.images).toHaveLength(2);
      expect(created.body.images[0]).toEqual({
        _id: expect.any(String),
        url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/uploads/`)),
        smallUrl: expect.any(String),
      });
      expect(Date.parse(created.body.createdAt)).not.toBeNaN();

      // Update: remove one image by URL (as JSON text), add one, change a field.
      const update = restForm({ amount: '9', removedImages: JSON.stringify([created.body.images[0].url]) }, [
        { field: 'images', file: png },
      ]);
      const updated = await app.http(`/api/products/${created.body._id}`, {
        method: 'PUT',
        body: update,
        token: admin,
      });
      expect(updated.status).toBe(200);
      expect(updated.body.amount).toBe(9);
      expect(updated.body.images).toHaveLength(2);
      expect(updated.body.images[0]._id).toBe(created.body.images[1]._id);

      // By id as well: the second image goes, the new one stays.
      const byId = await app.http(`/api/products/${created.body._id}`, {
        method: 'PUT',
        body: restForm({ removedImages: JSON.stringify([updated.body.images[0]._id]) }, [
          { field: 'images', file: png },
        ]),
        token: admin,
      });
      expect(byId.status).toBe(200);
      expect(byId.body.images.map((image: { _id: string }) => image._id)).not.toContain(updated.body.images[0]._id);
      expect(byId.body.images).toHaveLength(2);
      updated.body.images = byId.body.images;

      // Whole image objects are accepted too, and the last image stays.
      const removeAll = restForm({ removedImages: JSON.stringify(updated.body.images) });
      const refused = await app.http(`/api/products/${created.body._id}`, {
        method: 'PUT',
        body: removeAll,
        token: admin,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        message: 'At least 1 image is required.',
        error: 'At least 1 image is required.',
      });

      const fetched = await app.http(`/api/products/${created.body._id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body.images).toEqual(updated.body.images);

      const deleted = await app.http(`/api/products/${created.body._id}`, { method: 'DELETE', token: admin });
      expect(deleted.status).toBe(200);
      expect(deleted.body.message).toBe('Product deleted successfully');
      expect((await app.http(`/api/products/${created.body._id}`)).status).toBe(404);
    });

    it.each([
      [{ name: '' }, 'Name is required.'],
      [{ price: '' }, 'Price is required.'],
      [{ price: 'abc' }, 'Price is required.'],
      [{ amount: '' }, 'Amount required.'],
      [{ description: '' }, 'Description is required.'],
      [{ amount: '10000000000' }, 'Amount must be at most 1,000,000.'],
      [{ price: '100000.01' }, 'Price must be at most $100,000.'],
      [{ name: 'nul\u0000name' }, 'Text must not contain NUL characters.'],
      [{ price: '0.001' }, 'Price must be in whole cents.'],
      [{ price: '19.999' }, 'Price must be in whole cents.'],
      [{ price: '0x10' }, 'Price is required.'], // not 16: a form means decimal
      [{ price: '1e-400' }, 'Price is required.'], // not 0: too small for a number, and no price
      [{ category: 'cars' }, 'Category must be one of Game, Accessory, Console, Merch, Other.'],
    ])('refuses a multipart create with %j', async (change, message) => {
      const fields = { name: 'Pad', description: 'A pad.', price: '20', amount: '1', ...change };
      const res = await app.http('/api/products', {
        method: 'POST',
        body: restForm(fields, [{ field: 'images', file: png }]),
        token: admin,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, error: message, code: 'BAD_USER_INPUT' });
    });

    it('reads a multipart price in the exponent form a number input may send (1.5e1 is 15)', async () => {
      const fields = { name: 'Pad', description: 'A pad.', price: '1.5e1', amount: '1E0' };
      const res = await app.http('/api/products', {
        method: 'POST',
        body: restForm(fields, [{ field: 'images', file: png }]),
        token: admin,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ price: 15, amount: 1 });
    });

    it('reads removedImages sent as repeated multipart fields, each an id, a JSON image or a JSON list', async () => {
      const form = restForm({ name: 'Three', description: 'Three images.', price: '20', amount: '1' }, [
        { field: 'images', file: png },
        { field: 'images', file: png },
        { field: 'images', file: png },
        { field: 'images', file: png },
      ]);
      const created = await app.http('/api/products', { method: 'POST', body: form, token: admin });
      expect(created.status).toBe(201);
      const [first, second, third, fourth] = created.body.images as { _id: string; url: string }[];
      const update = new FormData();
      update.append('removedImages', JSON.stringify(first));
      update.append('removedImages', JSON.stringify([second._id]));
      update.append('removedImages', third.url);
      const res = await app.http(`/api/products/${created.body._id}`, { method: 'PUT', body: update, token: admin });
      expect(res.status).toBe(200);
      expect(res.body.images.map((image: { _id: string }) => image._id)).toEqual([fourth._id]);
      const broken = new FormData();
      broken.append('removedImages', fourth._id);
      broken.append('removedImages', '[{');
      const refused = await app.http(`/api/products/${created.body._id}`, {
        method: 'PUT',
        body: broken,
        token: admin,
      });
      expect(refused.status).toBe(400);
    });

    it('refuses a multipart update whose removedImages is broken JSON, changing nothing', async () => {
      const product = await createProduct({ ...validInput, price: 20, amount: 4 });
      const message = 'removedImages must be a JSON list of image ids, URLs or images.';
      for (const removedImages of ['[{', '{"_id": ', '[1, 2']) {
        const res = await app.http(`/api/products/${product.id}`, {
          method: 'PUT',
          body: restForm({ name: 'Renamed', removedImages }, []),
          token: admin,
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message, error: message, code: 'BAD_USER_INPUT' });
      }
      const [row] = await app.db.query('SELECT name FROM products WHERE id = $1', [product.id]);
      expect(row).toEqual({ name: validInput.name });
    });

    it('reads a multipart category and platform in any case, as the bar reads its category', async () => {
      const fields = {
        name: 'Pad',
        description: 'A pad.',
        price: '20',
        amount: '1',
        category: 'accessory',
        platform: 'pc',
      };
      const res = await app.http('/api/products', {
        method: 'POST',
        body: restForm(fields, [{ field: 'images', file: png }]),
        token: admin,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ category: 'Accessory', platform: 'PC' });
    });

    it.each([
      [{ price: '' }, 'Price is required.'],
      [{ amount: ' ' }, 'Amount required.'],
      [{ name: '' }, 'Name is required.'],
      [{ amount: '2147483648' }, 'Amount must be at most 1,000,000.'],
    ])(
      'refuses a multipart update that empties a required field or overflows %j, changing nothing',
      async (change, message) => {
        const product = await createProduct({ ...validInput, price: 20, amount: 4 });
        const res = await app.http(`/api/products/${product.id}`, {
          method: 'PUT',
          body: restForm(change, []),
          token: admin,
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message, error: message, code: 'BAD_USER_INPUT' });
        const [row] = await app.db.query('SELECT name, price_cents, amount FROM products WHERE id = $1', [product.id]);
        expect(row).toEqual({ name: validInput.name, price_cents: 2000, amount: 4 });
      },
    );

    it('refuses a REST create without images, with a text file named .png, and with six images', async () => {
      const fields = { name: 'Pad', description: 'A pad.', price: '20', amount: '1' };
      const none = await app.http('/api/products', { method: 'POST', body: restForm(fields), token: admin });
      expect(none.body.message).toBe('Please upload at least one image.');
      const text = { name: 'fake.png', data: Buffer.from('hello'), type: 'image/png' };
      const fake = await app.http('/api/products', {
        method: 'POST',
        body: restForm(fields, [{ field: 'images', file: text }]),
        token: admin,
      });
      expect(fake.status).toBe(400);
      expect(fake.body.message).toBe('Files must be images (JPEG, PNG, WebP or AVIF).');
      const six = await app.http('/api/products', {
        method: 'POST',
        body: restForm(
          fields,
          Array.from({ length: 6 }, () => ({ field: 'images', file: png })),
        ),
        token: admin,
      });
      expect(six.body.message).toBe('A product can have at most 5 images.');
      const huge = { name: 'huge.png', data: Buffer.concat([png.data, Buffer.alloc(6 * 1024 * 1024)]) };
      const big = await app.http('/api/products', {
        method: 'POST',
        body: restForm(fields, [{ field: 'images', file: huge }]),
        token: admin,
      });
      expect(big.status).toBe(400);
      expect(big.body.message).toBe('Each image must be at most 5 MB.');
    });

    it('answers 401 to guests and 403 to customers on every write, before reading uploads', async () => {
      const [product] = await insertProducts([{ name: 'Locked' }]);
      const calls: [string, string][] = [
        ['POST', '/api/products'],
        ['PUT', `/api/products/${product.id}`],
        ['DELETE', `/api/products/${product.id}`],
      ];
      for (const [method, path] of calls) {
        const guest = await app.http(path, { method, body: method === 'DELETE' ? undefined : restForm({ name: 'x' }) });
        expect(guest.status).toBe(401);
        expect(guest.body.code).toBe('UNAUTHENTICATED');
        const user = await app.http(path, {
          method,
          body: method === 'DELETE' ? undefined : restForm({ name: 'x' }),
          token: customer,
        });
        expect(user.status).toBe(403);
        expect(user.body.code).toBe('FORBIDDEN');
      }
      // A bad token on a public route is a guest, not an error.
      expect((await app.http(`/api/products/${product.id}`, { token: 'garbage' })).status).toBe(200);
    });

    it('answers 404 in the error shape for unknown and malformed ids', async () => {
      for (const id of ['00000000-0000-0000-0000-000000000000', 'not-an-id', '%27%3B--']) {
        const res = await app.http(`/api/products/${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Product not found', error: 'Product not found', code: 'NOT_FOUND' });
      }
    });
  });

  describe('the shop list', () => {
    let ids: Record<string, string>;
    let fresh: TestApp;

    beforeAll(async () => {
      fresh = await createTestApp({ PUBLIC_URL });
      const rows: Partial<Product>[] = [
        {
          name: 'The Legend of Zelda: Tears of the Kingdom',
          category: ProductCategory.Game,
          platform: ProductPlatform.Other,
          priceCents: 6999,
          isFeatured: true,
        },
        {
          name: 'Cyberpunk 2077',
          category: ProductCategory.Game,
          platform: ProductPlatform.PC,
          priceCents: 2999,
          brand: 'CD Projekt',
        },
        { name: 'Halo Infinite', category: ProductCategory.Game, platform: ProductPlatform.XBox, priceCents: 3999 },
        {
          name: 'Gran Turismo 7',
          category: ProductCategory.Game,
          platform: ProductPlatform.PS5,
          priceCents: 4999,
          discount: 50,
        },
        {
          name: 'The Last of Us Remastered',
          category: ProductCategory.Game,
          platform: ProductPlatform.PS4,
          priceCents: 1999,
        },
        {
          name: 'DualSense Controller',
          category: ProductCategory.Accessory,
          platform: ProductPlatform.PS5,
          priceCents: 6999,
          brand: 'Sony',
          isFeatured: true,
        },
        {
          name: 'Mechanical Keyboard',
          category: ProductCategory.Accessory,
          platform: ProductPlatform.PC,
          priceCents: 8999,
          description: 'Hot-swappable switches',
        },
        {
          name: 'PlayStation 5 Slim',
          category: ProductCategory.Console,
          platform: ProductPlatform.PS5,
          priceCents: 44999,
          brand: 'Sony',
        },
        {
          name: 'Xbox Series X',
          category: ProductCategory.Console,
          platform: ProductPlatform.XBox,
          priceCents: 49999,
          isFeatured: true,
        },
        {
          name: 'Checkpoint Hoodie',
          category: ProductCategory.Merch,
          platform: ProductPlatform.Other,
          priceCents: 3500,
        },
        { name: 'Gift Card', category: ProductCategory.Other, platform: ProductPlatform.Other, priceCents: 2500 },
        {
          name: 'Featured Console Not Shown',
          category: ProductCategory.Console,
          platform: ProductPlatform.PS5,
          priceCents: 100,
          isFeatured: true,
        },
      ];
      const repo = fresh.db.getRepository(Product);
      ids = {};
      for (const [i, row] of rows.entries()) {
        const product = await repo.save(
          repo.create({
            description: 'Plain',
            amount: 3,
            discount: 0,
            createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
            ...row,
          }),
        );
        await fresh.db.getRepository(ProductImage).insert(
          [0, 1].map((position) => ({
            productId: product.id,
            position,
            smallKey: `products/${product.id}-${position}-sm.webp`,
            largeKey: `products/${product.id}-${position}-lg.webp`,
            width: 10,
            height: 10,
          })),
        );
        ids[row.name!] = product.id;
      }
    });
    afterAll(() => fresh.close());

    type Page = {
      total: number;
      page: number;
      totalPages: number;
      items: { id: string; name: string; price: number; salePrice: number }[];
    };
    const list = async (variables: Record<string, unknown>) => {
      const res = await fresh.gql<{ products: Page }>(LIST, variables);
      expect(res.errors).toBeUndefined();
      return res.data!.products;
    };
    const names = (page: Page) => page.items.map((item) => item.name);

    it('pages 10 at a time by default, newest first', async () => {
      const first = await list({});
      expect(first).toMatchObject({ total: 12, page: 1, totalPages: 2 });
      expect(first.items).toHaveLength(10);
      expect(first.items[0].name).toBe('Featured Console Not Shown');
      const second = await list({ page: 2 });
      expect(second.items).toHaveLength(2);
      expect(names(second)).toEqual(['Cyberpunk 2077', 'The Legend of Zelda: Tears of the Kingdom']);
      const beyond = await list({ page: 5 });
      expect(beyond).toMatchObject({ total: 12, items: [] });
      expect(await list({ pageSize: 5, page: 3 })).toMatchObject({ total: 12, totalPages: 3 });
    });

    it('refuses bad paging', async () => {
      expect((await fresh.gql(LIST, { page: 0 })).errors?.[0].message).toBe('Page must be 1 or more.');
      expect((await fresh.gql(LIST, { pageSize: 51 })).errors?.[0].message).toBe('Page size must be between 1 and 50.');
    });

    it('finds products despite typos, best match first', async () => {
      expect(names(await list({ filter: { search: 'zeldda' } }))[0]).toBe('The Legend of Zelda: Tears of the Kingdom');
      expect(names(await list({ filter: { search: 'cyberpnk' } }))).toEqual(['Cyberpunk 2077']);
      expect(names(await list({ filter: { search: 'Sony' } })).sort()).toEqual([
        'DualSense Controller',
        'PlayStation 5 Slim',
      ]);
      expect(names(await list({ filter: { search: 'hot-swappable' } }))).toEqual(['Mechanical Keyboard']);
      expect((await list({ filter: { search: 'qwxz' } })).total).toBe(0);
      expect((await list({ filter: { search: '100%_' } })).total).toBe(0);
    });

    it('filters by the shop categories and platforms', async () => {
      expect((await list({ filter: { category: 'Games' } })).total).toBe(5);
      expect((await list({ filter: { category: 'Accessories' } })).total).toBe(2);
      expect((await list({ filter: { category: 'Consoles' } })).total).toBe(3);
      expect(names(await list({ filter: { category: 'Others' } })).sort()).toEqual(['Checkpoint Hoodie', 'Gift Card']);
      expect((await list({ filter: { platform: 'PS5' } })).total).toBe(4);
      expect((await list({ filter: { platform: 'PC' } })).total).toBe(2);
      expect((await list({ filter: { platform: 'XBox' } })).total).toBe(2);
      expect((await list({ filter: { platform: 'Others' } })).total).toBe(4);
      expect(names(await list({ filter: { category: 'Games', platform: 'Others', search: 'the' } })).sort()).toEqual([
        'The Last of Us Remastered',
        'The Legend of Zelda: Tears of the Kingdom',
      ]);
    });

    it('sorts by the price paid, low and high', async () => {
      const low = await list({ filter: { category: 'Games' }, sort: 'low' });
      expect(low.items.map((item) => item.salePrice)).toEqual([19.99, 25, 29.99, 39.99, 69.99]);
      const high = await list({ filter: { category: 'Games' }, sort: 'high' });
      expect(high.items.map((item) => item.salePrice)).toEqual([69.99, 39.99, 29.99, 25, 19.99]);
      expect(high.items.find((item) => item.name === 'Gran Turismo 7')).toMatchObject({ price: 49.99, salePrice: 25 });
    });

    it('answers the list in at most 4 SQL statements whatever the page size', async () => {
      for (const pageSize of [2, 10, 50]) {
        fresh.queries.reset();
        const page = await list({ pageSize, filter: { search: 'e' }, sort: 'low' });
        expect(page.items.length).toBeGreaterThan(0);
        expect(fresh.queries.count).toBeLessThanOrEqual(4);
      }
      fresh.queries.reset();
      await fresh.http('/api/products/search?q=');
      expect(fresh.queries.count).toBeLessThanOrEqual(4);
    });

    it('lists featured games and accessories for the home page', async () => {
      const res = await fresh.gql<{ featuredProducts: { name: string }[] }>('{ featuredProducts { name } }');
      expect(res.data!.featuredProducts.map((p) => p.name).sort()).toEqual([
        'DualSense Controller',
        'The Legend of Zelda: Tears of the Kingdom',
      ]);
      const rest = await fresh.http('/api/products/featuredGames');
      expect(rest.status).toBe(200);
      expect(rest.body.map((p: { name: string }) => p.name).sort()).toEqual([
        'DualSense Controller',
        'The Legend of Zelda: Tears of the Kingdom',
      ]);
    });

    it('REST search: every match as a bare array without paging, pages with page/limit', async () => {
      const all = await fresh.http('/api/products/search?q=');
      expect(all.status).toBe(200);
      expect(Array.isArray(all.body)).toBe(true);
      expect(all.body).toHaveLength(12);
      expect(all.body[0]).toEqual({
        _id: ids['Featured Console Not Shown'],
        name: 'Featured Console Not Shown',
        description: 'Plain',
        price: 1,
        salePrice: 1,
        discount: 0,
        amount: 3,
        category: 'Console',
        platform: 'PS5',
        brand: '',
        isFeatured: true,
        rating: 0,
        images: [
          {
            _id: expect.any(String),
            url: expect.stringMatching(/^https:\/\/shop\.example\/uploads\/products\/.+-0-lg\.webp$/),
            smallUrl: expect.any(String),
          },
          { _id: expect.any(String), url: expect.stringMatching(/-1-lg\.webp$/), smallUrl: expect.any(String) },
        ],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const noQuery = await fresh.http('/api/products/search');
      expect(noQuery.body).toHaveLength(12);

      const paged = await fresh.http('/api/products/search?q=&page=2&limit=5&category=Games&sort=high');
      expect(paged.status).toBe(200);
      expect(paged.headers.get('x-total-count')).toBe('5');
      expect(paged.body).toEqual([]);
      const first = await fresh.http('/api/products/search?q=zeldda&category=game&platform=All');
      expect(first.body.map((p: { name: string }) => p.name)).toEqual(['The Legend of Zelda: Tears of the Kingdom']);
      const limited = await fresh.http('/api/products/search?q=&limit=3');
      expect(limited.body).toHaveLength(3);
      // a number as a query gives it, in any decimal form, as the other lists read theirs
      expect((await fresh.http('/api/products/search?q=&limit=3e0&page=1.0')).body).toEqual(limited.body);

      // Bad paging, filter or sort values are refused with a reason, never ignored.
      const refusals: [string, string][] = [
        ['page=0', 'Page must be 1 or more.'],
        ['page=abc', 'Page must be a whole number.'],
        ['page=1.5', 'Page must be a whole number.'],
        // a page past a million is a mistake, however it is written (every list says so)
        ['page=1e9', 'Page must be at most 1000000.'],
        ['page=9007199254740993', 'Page must be at most 1000000.'],
        ['limit=500', 'Limit must be between 1 and 50.'],
        ['limit=0', 'Limit must be between 1 and 50.'],
        ['category=cars', 'Unknown category.'],
        ['platform=amiga', 'Unknown platform.'],
        ['sort=sideways', 'Sort must be low, high or newest.'],
      ];
      for (const [bad, message] of refusals) {
        const res = await fresh.http(`/api/products/search?${bad}`);
        expect({ bad, status: res.status, body: res.body }).toEqual({
          bad,
          status: 400,
          body: { message, error: message, code: 'BAD_USER_INPUT' },
        });
      }
      // A search that is not text (a query-string object) is no search: every product, as without q.
      const objectQuery = await fresh.http('/api/products/search?q[$ne]=1');
      expect(objectQuery.status).toBe(200);
      expect(objectQuery.body).toHaveLength(12);
    });
  });
});
