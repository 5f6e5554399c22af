import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './test/test-app';
import { createAdmin, createProduct, createUser } from './test/factories';
import { sendIntoDeadlocks } from './test/lock-waits';
import {
  CROSS_SITE_MESSAGE,
  GRAPHQL_LIMITS,
  PLAYGROUND_HEADER,
  PLAYGROUND_READS_ONLY,
  READINESS_TIMEOUT_MS,
} from './app';
import { readMailbox } from './common/mailer';
import { TRANSACTION_ATTEMPTS } from './db/retrying-transaction';

describe('gateway foundation (HTTP, real database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: 'https://checkpoint.example', CORS_ORIGINS: 'https://legacy.example' });
  });
  afterAll(() => app.close());

  it('answers the venue query with the opening hours', async () => {
    const res = await app.gql<{
      venue: { name: string; timeZone: string; openingHours: { summary: string; days: unknown[] } };
    }>('{ venue { name timeZone openingHours { summary opensAt closesAt days { day opensAt closesAt } } } }');
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(res.data?.venue.name).toBe('Checkpoint');
    expect(res.data?.venue.timeZone).toBe('America/New_York');
    expect(res.data?.venue.openingHours.summary).toBe('10am to 12am, 7 days a week');
    expect(res.data?.venue.openingHours.days).toHaveLength(7);
  });

  it('is healthy and ready when the database answers', async () => {
    expect((await app.http('/healthz')).status).toBe(200);
    const ready = await app.http('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('is not ready, and says so within its time limit, while the database cannot answer', async () => {
    // Every pooled connection busy for longer than the probe waits: to the probe, a database that does not answer.
    const poolSize = 30; // createTestApp's
    const busy = Array.from({ length: poolSize }, () => app.db.query('SELECT pg_sleep(4)'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const probe = await app.http('/readyz');
    const waited = Date.now() - started;
    expect(probe.status).toBe(503);
    expect(probe.body).toEqual({ status: 'database unavailable' });
    expect(waited).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(READINESS_TIMEOUT_MS + 1_000);
    await Promise.all(busy);
    expect((await app.http('/readyz')).status).toBe(200);
  });

  it('asks a database that does not answer once for all the probes that come meanwhile, not once each', async () => {
    const poolSize = 30; // createTestApp's
    const busy = Array.from({ length: poolSize }, () => app.db.query('SELECT pg_sleep(6)'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const query = jest.spyOn(app.deps.db, 'query');
    try {
      const probes = await Promise.all([1, 2, 3].map(() => app.http('/readyz')));
      expect(probes.map((probe) => probe.status)).toEqual([503, 503, 503]);
      expect((await app.http('/readyz')).status).toBe(503); // the first probe's query is still waiting
      expect(query.mock.calls.filter(([sql]) => sql === 'SELECT 1')).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
    await Promise.all(busy);
    expect((await app.http('/readyz')).status).toBe(200);
  });

  it('answers unknown API paths with JSON 404 in the shims’ error shape', async () => {
    const res = await app.http('/api/x');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.body.message).toBe(res.body.error);
  });

  it('answers what no route takes outside the API (a POST to a page, a GET wanting no HTML) with JSON 404, not HTML', async () => {
    for (const [path, init] of [
      ['/shop', { method: 'POST', json: {} }],
      ['/no/such/page', { method: 'DELETE' }],
      ['/no/such/page', { headers: { accept: 'application/json' } }],
    ] as const) {
      const res = await app.http(path, init);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({ message: 'Not found.', error: 'Not found.', code: 'NOT_FOUND' });
    }
  });

  it('answers malformed JSON sent to the API with a 400, not a 500', async () => {
    const res = await app.http('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken"',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Malformed JSON body.', error: 'Malformed JSON body.' });
  });

  it('refuses a query deeper than the depth limit with a clear error', async () => {
    // The schema is shallow today; __type (unlike full __schema introspection) is depth-checked and nests freely.
    let selection = 'name';
    for (let level = 0; level < Math.ceil(GRAPHQL_LIMITS.maxDepth / 2); level++)
      selection = `fields { type { ${selection} } }`;
    const res = await app.gql(`{ __type(name: "Venue") { ${selection} } }`);
    expect(res.errors?.[0].message).toMatch(/depth/i);
    expect(res.errors?.[0].message).toMatch(new RegExp(`${GRAPHQL_LIMITS.maxDepth}`));
    expect(res.data).toBeUndefined();

    const { token } = await createAdmin(app.db, app.deps.jwtSecret);
    const shallow = await app.gql('{ __type(name: "Venue") { fields { type { name } } } }', {}, { token });
    expect(shallow.errors).toBeUndefined();
  });

  it('describes the schema to admins only (the staff playground); __typename stays open', async () => {
    const { token: admin } = await createAdmin(app.db, app.deps.jwtSecret);
    const { token: customer } = await createUser(app.db, app.deps.jwtSecret);
    for (const query of ['{ __schema { queryType { name } } }', '{ venue { name } __type(name: "Venue") { name } }']) {
      for (const token of [undefined, customer]) {
        const refused = await app.gql(query, {}, { token });
        expect(refused.status).toBe(403);
        expect(refused.errors?.[0]).toMatchObject({
          message: 'Only admins may look the schema up.',
          extensions: { code: 'FORBIDDEN' },
        });
        expect(refused.data).toBeUndefined();
      }
    }
    const described = await app.gql<{ __schema: { queryType: { name: string } } }>(
      '{ __schema { queryType { name } } }',
      {},
      { token: admin },
    );
    expect(described.data?.__schema.queryType.name).toBe('Query');
    const typename = await app.gql<{ venue: { __typename: string } }>('{ venue { __typename } }');
    expect(typename.data?.venue.__typename).toBe('Venue');
  });

  it('runs no mutation sent from the staff playground (its header), and every query', async () => {
    const { token } = await createAdmin(app.db, app.deps.jwtSecret);
    const product = await createProduct(app.db, { name: 'Playground Pad' });
    const fromPlayground = { token, headers: { [PLAYGROUND_HEADER]: '1' } };
    const remove = 'mutation($id: ID!) { deleteProduct(id: $id) }';
    const refused = await app.gql(remove, { id: product.id }, fromPlayground);
    expect(refused.status).toBe(403);
    expect(refused.errors?.[0]).toMatchObject({ message: PLAYGROUND_READS_ONLY, extensions: { code: 'FORBIDDEN' } });
    const asked = await app.gql<{ product: { name: string } }>(
      'query($id: ID!) { product(id: $id) { name } }',
      { id: product.id },
      fromPlayground,
    );
    expect(asked.data?.product.name).toBe('Playground Pad'); // still there, and a question is answered
    // a document holding a question and a change: the change is refused when it is the one picked
    const both = `query Look($id: ID!) { product(id: $id) { name } } ${remove.replace('mutation', 'mutation Drop')}`;
    const picked = await app.http('/graphql', {
      method: 'POST',
      token,
      headers: { [PLAYGROUND_HEADER]: '1' },
      json: { query: both, variables: { id: product.id }, operationName: 'Drop' },
    });
    expect(picked.status).toBe(403);
    expect(picked.body.errors[0].message).toBe(PLAYGROUND_READS_ONLY);
    const unpicked = await app.gql(both, { id: product.id }, fromPlayground);
    expect(unpicked.errors?.[0].message).toMatch(/operation name/i); // graphql-js's own word, not the playground's
    // from the app's own pages, the same admin deletes it
    expect((await app.gql(remove, { id: product.id }, { token })).errors).toBeUndefined();
  });

  it('refuses a document over the token limit as a syntax error (400), before any work', async () => {
    const fields = Array.from({ length: GRAPHQL_LIMITS.maxTokens }, () => '__typename').join(' ');
    const res = await app.gql(`{ ${fields} }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(res.errors?.[0].message).toMatch(new RegExp(`${GRAPHQL_LIMITS.maxTokens} tokens`));
  });

  it('answers what Express refuses outside /api as JSON, never an HTML page with a stack or a path', async () => {
    const missing = await fetch(`${app.url}/uploads/products/nope.webp`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/application\/json/);
    const text = await missing.text();
    expect(JSON.parse(text)).toMatchObject({ message: 'Not found.', error: 'Not found.' });
    expect(text).not.toMatch(/ at |\/tmp\/|node_modules|ENOENT/);
    const written = await fetch(`${app.url}/uploads/products/nope.webp`, { method: 'POST' });
    expect(written.status).toBe(405);
    expect(written.headers.get('allow')).toBe('GET, HEAD');
    expect(await written.json()).toMatchObject({
      message: 'Files here can only be read (GET), not POST.',
      code: 'METHOD_NOT_ALLOWED',
    });
  });

  it('answers a /graphql request refused before Apollo reads it the way GraphQL clients read errors', async () => {
    const multipart = (files: number, operations = 'x') => {
      const form = new FormData();
      form.set('operations', operations);
      const map = Object.fromEntries(Array.from({ length: files }, (_, i) => [String(i), [`variables.images.${i}`]]));
      form.set('map', JSON.stringify(map));
      for (let i = 0; i < files; i++) form.set(String(i), new Blob(['x'], { type: 'image/png' }), `${i}.png`);
      return fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'apollo-require-preflight': 'true' },
        body: form,
      });
    };
    const malformed = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":',
    });
    const operations = JSON.stringify({ query: 'mutation($images: [Upload!]) { __typename }', variables: {} });
    for (const [res, status, message, code] of [
      [malformed, 400, 'Malformed JSON body.', 'BAD_USER_INPUT'],
      [await multipart(0), 400, expect.stringMatching(/operations/), 'BAD_USER_INPUT'],
      [await multipart(7, operations), 413, '6 max file uploads exceeded.', 'PAYLOAD_TOO_LARGE'],
    ] as const) {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ errors: [{ message, extensions: { code } }] });
      expect(text).not.toMatch(/ at |\/tmp\/|node_modules|ENOENT/);
    }
  });

  it('refuses batched requests', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ venue { name } }' }, { query: '{ venue { name } }' }]),
    });
    expect(res.status).toBe(400);
  });

  it('refuses a simple GET query without a preflight header (CSRF prevention)', async () => {
    const res = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ venue { name } }')}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/CSRF/i);
  });

  it('refuses too many aliases', async () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: venue { name }`).join(' ');
    const res = await app.gql(`{ ${aliases} }`);
    expect(res.errors?.[0].message).toMatch(/alias/i);
  });

  it('masks the details of unknown fields (no schema hints to clients)', async () => {
    const res = await app.gql('{ venu { name } }');
    expect(res.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.errors?.[0].message).not.toMatch(/Did you mean/);
  });

  it('refuses a REST change a page on another site sends without asking first (text, a form or no body), changing nothing', async () => {
    const user = await createUser(app.db, app.deps.jwtSecret);
    const send = (path: string, origin: string | null, init: RequestInit = {}) =>
      fetch(`${app.url}${path}`, {
        method: 'POST',
        ...init,
        headers: { ...(origin ? { origin } : {}), ...(init.headers as Record<string, string>) },
      });
    const forgot = { body: JSON.stringify({ email: user.user.email }), headers: { 'content-type': 'text/plain' } };
    const mailsTo = () => readMailbox(app.deps.config.dataDir).filter((m) => m.to === user.user.email).length;

    for (const origin of ['https://evil.example', 'null']) {
      const res = await send('/api/auth/forgot-password', origin, forgot);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: CROSS_SITE_MESSAGE, code: 'FORBIDDEN' });
    }
    const logout = await send('/api/auth/logout', 'https://evil.example', {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(logout.status).toBe(403);
    expect((await app.gql('{ me { id } }', {}, { token: user.token })).errors).toBeUndefined(); // still signed in
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailsTo()).toBe(0);

    // this site, a CORS origin, and a client that is no browser (no Origin) are served; reading is never refused
    for (const origin of ['https://checkpoint.example', app.url, 'https://legacy.example', null])
      expect((await send('/api/auth/forgot-password', origin, forgot)).status).toBe(200);
    expect(
      (await fetch(`${app.url}/api/products/search`, { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });

  it('allows CORS from PUBLIC_URL and CORS_ORIGINS only, with the Authorization header', async () => {
    for (const origin of ['https://checkpoint.example', 'https://legacy.example']) {
      const res = await fetch(`${app.url}/api/products/search`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      // Clients send their calls with credentials (spec §7): without this, the browser drops the answer.
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
      expect(res.headers.get('access-control-allow-headers')).toMatch(/Content-Type/i);
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'])
        expect(res.headers.get('access-control-allow-methods')).toMatch(new RegExp(`\\b${method}\\b`));
    }
    // a paged list's totals travel in headers: a client on another origin must be allowed to read them
    const paged = await fetch(`${app.url}/api/products/search?q=&page=1&limit=5`, {
      headers: { origin: 'https://legacy.example' },
    });
    expect(paged.headers.get('x-total-count')).not.toBeNull();
    expect(paged.headers.get('access-control-allow-credentials')).toBe('true');
    const exposed = (paged.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/);
    // ... and a 429's Retry-After
    expect(exposed).toEqual(expect.arrayContaining(['x-total-count', 'x-total-pages', 'retry-after']));
    const evil = await fetch(`${app.url}/api/products/search`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();

    // A script cached for a year says it differs by origin as well as by encoding, so no cache hands one origin's
    // answer (or a plain one) to another.
    const shell = await (await fetch(`${app.url}/`, { headers: { accept: 'text/html' } })).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(shell)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${app.url}${script}`, {
      headers: { origin: 'https://legacy.example', 'accept-encoding': 'br' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect(asset.headers.get('access-control-allow-origin')).toBe('https://legacy.example');
    expect((asset.headers.get('vary') ?? '').split(/,\s*/)).toEqual(
      expect.arrayContaining(['Origin', 'Accept-Encoding']),
    );
  });

  it('serves the scripts without their source maps: not linked, and not served though the build keeps them', async () => {
    const shell = await (await fetch(`${app.url}/`, { headers: { accept: 'text/html' } })).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(shell)![1];
    expect(await (await fetch(`${app.url}${script}`)).text()).not.toContain('sourceMappingURL');
    expect(existsSync(join(__dirname, '..', '..', 'web', 'dist', `${script}.map`))).toBe(true);
    for (const accept of ['br', 'gzip', 'identity']) {
      for (const path of [`${script}.map`, `${script}%2emap`, `${script}.ma%70`, `${script}%2EMAP`]) {
        const map = await app.http(path, { headers: { 'accept-encoding': accept } });
        expect({ path, status: map.status, code: map.body?.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
      }
    }
  });

  it('sets security headers and a request id', async () => {
    const res = await app.http('/healthz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const permissions = res.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()']) expect(permissions).toContain(feature);
    expect(permissions).toContain('payment=(self "https://js.stripe.com")');
    expect(res.headers.get('x-request-id')).toMatch(/[\w-]+/);
  });

  it('compresses responses for clients that accept gzip, and only for them', async () => {
    // ~5 kB of JSON: above the 1 kB under which compressing is not worth it.
    const venues = Array.from(
      { length: 10 },
      (_, i) => `v${i}: venue { name tagline address openingHours { days { day } } }`,
    );
    const post = async (encoding: string) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
        body: JSON.stringify({ query: `{ ${venues.join(' ')} }` }),
      });
    const gzipped = await post('gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(((await gzipped.json()) as { data: { v9: { name: string } } }).data.v9.name).toBe('Checkpoint');
    const plain = await post('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { data: { v9: { name: string } } }).data.v9.name).toBe('Checkpoint');
  });

  it('refuses a NUL character in GraphQL text, in a literal or a variable, as bad input (PostgreSQL cannot store it)', async () => {
    const literal = await app.gql<unknown>('{ products(filter: { search: "a\\u0000b" }) { total } }');
    // The character itself in the query's text (JSON decoded its escape), in a string and a block string.
    const raw = await app.gql<unknown>('{ products(filter: { search: "a\u0000b" }) { total } }');
    const block = await app.gql<unknown>('{ products(filter: { search: """a\u0000b""" }) { total } }');
    const variable = await app.gql<unknown>(
      'query ($search: String) { products(filter: { search: $search }) { total } }',
      { search: 'a\u0000b' },
    );
    for (const res of [literal, raw, block, variable]) {
      expect(res.errors?.[0]).toMatchObject({
        message: 'Text must not contain NUL characters.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const fine = await app.gql<{ products: { total: number } }>('{ products(filter: { search: "a b" }) { total } }');
    expect(fine.errors).toBeUndefined();
  });

  it('refuses half a surrogate pair in text, which has no UTF-8 form, instead of storing U+FFFD for it', async () => {
    const customer = await createUser(app.db, app.deps.jwtSecret);
    const rename = (username: string) =>
      app.gql<{ updateProfile: { username: string } }>(
        'mutation ($username: String!, $email: String!) { updateProfile(username: $username, email: $email) { username } }',
        { username, email: customer.user.email },
        { token: customer.token },
      );
    for (const username of ['pl\ud800ayer', 'pl\udc00ayer', '\ud83d']) {
      const res = await rename(username);
      expect(res.status).toBe(400);
      expect(res.errors?.[0]).toMatchObject({
        message: 'Text must not contain unpaired surrogate characters.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const rest = await app.http('/api/user/editprofile', {
      method: 'PUT',
      token: customer.token,
      json: { username: 'pl\ud800ayer', email: customer.user.email },
    });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe('Text must not contain unpaired surrogate characters.');
    expect(await app.db.query('SELECT username FROM users WHERE id = $1', [customer.user.id])).toEqual([
      { username: customer.user.username },
    ]);
    // a whole pair is a character like any other
    expect((await rename('player \ud83c\udfae')).data?.updateProfile.username).toBe('player 🎮');
  });
});

describe('a database too busy to answer in time (real database, DATABASE_WAIT_MS)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ DATABASE_WAIT_MS: '400' }, { captureLogs: true });
  });
  afterAll(() => app.close());

  it('answers 503 "try again" through REST and GraphQL after the wait, not a hang or a 500, and recovers', async () => {
    const customer = await createUser(app.db, app.deps.jwtSecret);
    const poolSize = 30; // createTestApp's
    // Every pooled connection checked out and held (not a timed sleep, which a slow machine might not start in time).
    const held = await Promise.all(
      Array.from({ length: poolSize }, async () => {
        const runner = app.db.createQueryRunner();
        await runner.connect();
        return runner;
      }),
    );

    const started = Date.now();
    const rest = await app.http('/api/bar');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('5');
    // Logged once, as an error, with the cause: the request's own line (no second "unexpected error" line).
    const lines = app.logs.filter((line) => line.includes(`"${rest.headers.get('x-request-id')}"`));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 50,
      res: { statusCode: 503 },
      err: { message: 'timeout exceeded when trying to connect' },
    });
    expect(rest.body).toMatchObject({
      message: 'Checkpoint is very busy right now. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    });

    const gql = await app.gql('{ barItems { id } }');
    expect(gql.errors?.[0]).toMatchObject({
      message: 'Checkpoint is very busy right now. Please try again in a moment.',
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
    // Signed in, the session is read before anything else: the same answer, not a 500.
    const signedIn = await app.gql('{ me { email } }', {}, { token: customer.token });
    expect(signedIn.status).toBe(503);
    expect(signedIn.errors).toEqual([
      {
        message: 'Checkpoint is very busy right now. Please try again in a moment.',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      },
    ]);
    const signedInRest = await app.http('/api/user/me', { token: customer.token });
    expect(signedInRest.status).toBe(503);

    await Promise.all(held.map((runner) => runner.release()));
    expect((await app.http('/api/bar')).status).toBe(200);
    expect((await app.gql('{ barItems { id } }')).errors).toBeUndefined();
  });
});

describe('a transaction PostgreSQL rolls back to break a deadlock (real database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { captureLogs: true });
  });
  afterAll(() => app.close());

  const ADD = 'mutation ($productId: ID!) { addToCart(productId: $productId) { itemCount } }';

  /** Runs an add into `deadlocks` deadlocks: it takes the buyer's row (the cart's lock), then waits for the product's. */
  const deadlockedAdd = <T>(userId: string, productId: string, deadlocks: number, add: () => Promise<T>) =>
    sendIntoDeadlocks(
      app.db,
      { userId, deadlocks, hold: (test) => test.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [productId]) },
      add,
    );

  type LogLine = { level: number; msg: string; sqlState?: string; attempt?: number; query?: string };
  const logOf = (res: { headers: Headers }) =>
    app.logs
      .filter((line) => line.includes(`"${res.headers.get('x-request-id')}"`))
      .map((line) => JSON.parse(line) as LogLine);
  const cartOf = (userId: string) => app.db.query('SELECT quantity FROM cart_items WHERE user_id = $1', [userId]);
  const ranAgain = (attempt: number) =>
    expect.objectContaining({
      level: 40,
      msg: 'transaction rolled back by PostgreSQL, running it again',
      sqlState: '40P01',
      attempt,
      query: expect.stringMatching(/^SELECT .* FROM "products" "locked" WHERE "locked"."id" = \$1 FOR KEY SHARE$/),
    });

  it('runs the rolled-back transaction again: the add goes through once, through REST and GraphQL, logged as a warning', async () => {
    const buyer = await createUser(app.db, app.deps.jwtSecret);
    const product = await createProduct(app.db, { amount: 5 });

    const rest = await deadlockedAdd(buyer.user.id, product.id, 1, () =>
      app.http('/api/cart', { method: 'POST', token: buyer.token, json: { productId: product.id, quantity: 1 } }),
    );
    expect(rest.status).toBe(200);
    expect(logOf(rest)).toEqual([ranAgain(1), expect.objectContaining({ level: 30, res: { statusCode: 200 } })]);
    expect(JSON.stringify(logOf(rest))).not.toContain(product.id); // the statement's parameters are not logged
    expect(await cartOf(buyer.user.id)).toEqual([{ quantity: 1 }]);

    const gql = await deadlockedAdd(buyer.user.id, product.id, 1, () =>
      app.http('/graphql', {
        method: 'POST',
        token: buyer.token,
        json: { query: ADD, variables: { productId: product.id } },
      }),
    );
    expect(gql.body).toEqual({ data: { addToCart: { itemCount: 2 } } });
    const gqlLines = logOf(gql);
    expect(gqlLines.filter((line) => line.level >= 40)).toEqual([ranAgain(1)]);
    // One unit per add: the run rolled back added nothing.
    expect(await cartOf(buyer.user.id)).toEqual([{ quantity: 2 }]);
  });

  it(`answers 503 "try again" as before when all ${TRANSACTION_ATTEMPTS} runs deadlock, through REST and GraphQL, and changes nothing`, async () => {
    const buyer = await createUser(app.db, app.deps.jwtSecret);
    const product = await createProduct(app.db);

    const rest = await deadlockedAdd(buyer.user.id, product.id, TRANSACTION_ATTEMPTS, () =>
      app.http('/api/cart', { method: 'POST', token: buyer.token, json: { productId: product.id, quantity: 1 } }),
    );
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('5');
    expect(rest.body).toEqual({
      message: 'Checkpoint is very busy right now. Please try again in a moment.',
      error: 'Checkpoint is very busy right now. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(logOf(rest)).toEqual([
      ranAgain(1),
      ranAgain(2),
      expect.objectContaining({ level: 40, res: { statusCode: 503 }, err: expect.objectContaining({ code: '40P01' }) }),
    ]);
    // nor in the failure's own line: the statement's parameters (here the ids; a sign-up's, an e-mail) are not logged
    expect(JSON.stringify(logOf(rest))).not.toContain(product.id);

    const gql = await deadlockedAdd(buyer.user.id, product.id, TRANSACTION_ATTEMPTS, () =>
      app.http('/graphql', {
        method: 'POST',
        token: buyer.token,
        json: { query: ADD, variables: { productId: product.id } },
      }),
    );
    expect(gql.body.errors).toEqual([
      expect.objectContaining({
        message: 'Checkpoint is very busy right now. Please try again in a moment.',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      }),
    ]);
    const gqlLines = logOf(gql);
    expect(gqlLines.filter((line) => line.level >= 50)).toEqual([]);
    expect(gqlLines.filter((line) => line.level === 40)).toEqual([
      ranAgain(1),
      ranAgain(2),
      expect.objectContaining({
        msg: 'transaction rolled back by PostgreSQL',
        err: expect.objectContaining({ code: '40P01' }),
      }),
    ]);
    expect(JSON.stringify(gqlLines)).not.toContain(product.id);

    expect(await cartOf(buyer.user.id)).toEqual([]);
    expect(
      (await app.http('/api/cart', { method: 'POST', token: buyer.token, json: { productId: product.id } })).status,
    ).toBe(200);
  });
});
