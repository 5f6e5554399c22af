import { connect } from 'node:net';
import { createTestApp, type TestApp } from '../test/test-app';
import { createAdmin, createUser } from '../test/factories';
import { pngBytes } from '../test/uploads';
import { UPLOAD_MESSAGES } from './images';
import { MALFORMED_MULTIPART } from './multipart';
import { REPLACEMENT_CHARACTER_MESSAGE } from './text';

/**
 * What a fuzzing sweep of every REST route and GraphQL operation once answered with a 500 or a masked internal error:
 * each is the client's mistake, and gets a clear 4xx (or BAD_USER_INPUT / BAD_REQUEST) that changes nothing.
 */
describe('hostile input (HTTP, real database)', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp({ CORS_ORIGINS: 'https://legacy.example' }, { captureLogs: true });
    admin = (await createAdmin(app.db, app.deps.jwtSecret)).token;
  });
  afterAll(() => app.close());

  const errorLogs = () => app.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

  describe('a JSON key the input object inherits', () => {
    it('is ignored by sign-up, which still validates and creates the account', async () => {
      const res = await app.http('/api/auth/register', {
        method: 'POST',
        json: { constructor: 1, username: 'proto', email: 'proto@example.com', password: 'Passw0rd!' },
      });
      expect(res.status).toBe(201);
      const blank = await app.http('/api/auth/register', {
        method: 'POST',
        json: { constructor: {}, username: 'proto', email: ' ', password: 'Passw0rd!' },
      });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe('Email is required.');
    });

    it('does not make an update a silent no-op', async () => {
      const created = await app.http('/api/bar', {
        method: 'POST',
        token: admin,
        json: { name: 'Old name', price: 2 },
      });
      expect(created.status).toBe(201);
      const res = await app.http(`/api/bar/${created.body._id}`, {
        method: 'PUT',
        token: admin,
        json: { constructor: 1, name: 'New name' },
      });
      expect(res.body).toMatchObject({ name: 'New name' });
      expect(res.status).toBe(200);
    });
  });

  it.each(['__proto__', 'constructor'])('refuses the shop filter word %s as unknown (400)', async (word) => {
    for (const param of ['category', 'platform']) {
      const res = await app.http(`/api/products/search?${param}=${word}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_USER_INPUT');
    }
  });

  // Refused before any field is read, as any text with one is (it has no UTF-8 form): never a 500 from isEmail.
  describe('an e-mail with a lone UTF-16 surrogate', () => {
    it('is refused on the REST shims', async () => {
      for (const path of ['/api/auth/login', '/api/auth/register', '/api/auth/forgot-password']) {
        const res = await app.http(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"email":"\\ud800@example.com","password":"nope12345","username":"x"}',
        });
        expect({ path, status: res.status, message: res.body.message }).toEqual({
          path,
          status: 400,
          message: 'Text must not contain unpaired surrogate characters.',
        });
      }
    });

    it('is refused through GraphQL', async () => {
      const res = await app.gql('mutation($e: String!) { requestPasswordReset(email: $e) { message } }', {
        e: 'a\udc00b@example.com',
      });
      expect(res.errors?.[0]).toMatchObject({
        message: 'Text must not contain unpaired surrogate characters.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });
  });

  describe('a multipart body on /graphql that cannot be read', () => {
    const send = (headers: Record<string, string>, body: string) =>
      fetch(`${app.url}/graphql`, { method: 'POST', headers, body });

    it.each([
      ['cut short', 'multipart/form-data; boundary=b', '--b--'],
      ['garbage', 'multipart/form-data; boundary=b', 'x'],
      ['without a boundary', 'multipart/form-data', 'x'],
    ])('is a 400 when %s', async (_case, type, body) => {
      const res = await send({ 'content-type': type, 'apollo-require-preflight': 'true' }, body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    });

    describe('with a file part after the operations and map', () => {
      const query =
        'mutation($input: CreateBarItemInput!, $image: Upload) { createBarItem(input: $input, image: $image) { id } }';
      const operations = JSON.stringify({ query, variables: { input: { name: 'Chai', price: 2 }, image: null } });
      const head =
        `--b\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
        '--b\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.image"]}\r\n';

      it.each([
        [
          'a garbled part header',
          '--b\r\nContent-Disposition form-data name 0\r\n\r\nabc\r\n--b--\r\n',
          MALFORMED_MULTIPART,
        ],
        ['the body ending before the part', '--b\r\n', UPLOAD_MESSAGES.cutOff],
        ['no part for the file', '--b--\r\n', UPLOAD_MESSAGES.missing],
      ])('says which is wrong when there is %s, and adds nothing', async (_case, tail, message) => {
        const res = await send(
          {
            'content-type': 'multipart/form-data; boundary=b',
            'apollo-require-preflight': 'true',
            authorization: `Bearer ${admin}`,
          },
          head + tail,
        );
        const json = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
        expect(json.errors[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
        const rows: { n: number }[] = await app.db.query(
          `SELECT count(*)::int AS n FROM bar_items WHERE name = 'Chai'`,
        );
        expect(rows[0].n).toBe(0);
      });
    });

    it('is refused by CSRF prevention, unparsed, without the preflight header', async () => {
      const res = await send({ 'content-type': 'multipart/form-data' }, 'x');
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/CSRF/);
    });
  });

  describe('a request Node refuses before any route sees it', () => {
    const raw = (request: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(app.url).port), '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', () => undefined); // a reset while we still write: the answer so far is what counts
        socket.write(request);
      });

    it.each([
      [
        'headers over 16 kB',
        `GET /api/products HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'Request headers are too large.',
      ],
      ['a garbled request line', 'HELLO THERE\r\n\r\n', 400, 'Malformed HTTP request.'],
    ])(
      "answers %s with the API's JSON error, as every other refusal, and closes",
      async (_case, request, status, message) => {
        const [head, body] = (await raw(request)).split('\r\n\r\n');
        expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
        expect(head).toMatch(/\r\ncontent-type: application\/json/i);
        expect(head).toMatch(/\r\nconnection: close/i);
        expect(head).not.toMatch(/access-control-allow-origin/i);
        expect(JSON.parse(body)).toEqual({ message, error: message, code: 'BAD_USER_INPUT' });
      },
    );

    it('lets a browser client on an allowed origin read why a search too long for the headers was refused', async () => {
      const search = (origin: string) =>
        raw(
          `GET /api/products/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${origin}\r\n\r\n`,
        );
      const [head, body] = (await search('https://legacy.example')).split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/\r\naccess-control-allow-origin: https:\/\/legacy\.example\r\n/i);
      expect(JSON.parse(body)).toMatchObject({ error: 'Request headers are too large.' });
      expect(head).toMatch(/\r\naccess-control-allow-credentials: true\r\n/i);
      // another site's page gets the refusal without the header, as from any other route
      expect(await search('https://evil.example')).not.toMatch(/access-control-allow-origin/i);
    });

    it('answers at once an Origin line made to make a pattern backtrack (a long run of spaces, no line end)', async () => {
      const started = Date.now();
      const answer = await raw(
        `GET /api/products HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\nOrigin:${' '.repeat(30_000)}`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });

  it.each([
    ['made without an admin token', '/api/products', false, 6, 401],
    ['declared larger than the form may be (12 MB, 6 MB at most)', '/api/bar', true, 12, 413],
  ])(
    "reads the whole of a refused upload %s before answering: the client's writes all go through",
    async (_case, path, asAdmin, megabytes, status) => {
      // Answered and closed at once, the connection was reset under the client still writing (EPIPE), which then never
      // read the answer (Node's fetch and Python's urllib alike).
      const { hostname, port } = new URL(app.url);
      const socket = connect(Number(port), hostname);
      let answer = '';
      let failed: unknown;
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('error', (error) => (failed = error));
      const size = megabytes * 1024 * 1024;
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
          (asAdmin ? `Authorization: Bearer ${admin}\r\n` : '') +
          `Content-Length: ${size}\r\n\r\n`,
      );
      await new Promise((resolve) => socket.write(Buffer.alloc(size), resolve));
      // the answer comes once the body is read: a busy machine may take a while
      for (const started = Date.now(); !/\r\n\r\n\{/.test(answer) && !failed && Date.now() - started < 10_000;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      socket.destroy();
      expect(failed).toBeUndefined();
      expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(answer).not.toMatch(/\r\nconnection: close\r\n/i);
    },
  );

  // Decoded, bytes that are not UTF-8 become U+FFFD, which was stored: 'pl\xffayer' saved as 'pl�ayer'.
  describe('a body whose bytes are not UTF-8', () => {
    const latin1 = (text: string) => Buffer.from(text, 'latin1');

    it('is refused as JSON, on the REST shims and GraphQL, and changes nothing', async () => {
      const { user, token } = await createUser(app.db, app.deps.jwtSecret, { username: 'utf8check' });
      const res = await app.http('/api/user/editprofile', {
        method: 'PUT',
        token,
        headers: { 'content-type': 'application/json' },
        body: latin1(`{"username":"pl\xffayer","email":"${user.email}"}`),
      });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: 'Request body must be UTF-8.',
      });
      const [row] = await app.db.query<{ username: string }[]>('SELECT username FROM users WHERE id = $1', [user.id]);
      expect(row.username).toBe('utf8check');
      const gql = await app.http('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        body: latin1('{"query":"{ products(filter: { search: \\"\xff\xfe\\" }) { total } }"}'),
      });
      expect({ status: gql.status, message: gql.body.errors?.[0]?.message }).toEqual({
        status: 400,
        message: 'Request body must be UTF-8.',
      });
    });

    it('is refused in a multipart form, and changes nothing', async () => {
      const created = await app.http('/api/bar', { method: 'POST', token: admin, json: { name: 'Cable', price: 2 } });
      const res = await app.http(`/api/bar/${created.body._id}`, {
        method: 'PUT',
        token: admin,
        headers: { 'content-type': 'multipart/form-data; boundary=XX' },
        body: latin1('--XX\r\nContent-Disposition: form-data; name="name"\r\n\r\nCable \xed\xa0\x80\xff\r\n--XX--\r\n'),
      });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: REPLACEMENT_CHARACTER_MESSAGE,
      });
      // in a GraphQL multipart request (the admin forms' uploads), the same
      const operations = latin1(
        JSON.stringify({
          query: 'mutation($id: ID!, $input: UpdateBarItemInput!) { updateBarItem(id: $id, input: $input) { id } }',
          variables: { id: created.body._id, input: { name: 'pl@ayer' } },
        }).replace('@', '\xff'),
      );
      const form = `--XX\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations.toString('latin1')}\r\n--XX\r\nContent-Disposition: form-data; name="map"\r\n\r\n{}\r\n--XX--\r\n`;
      const gql = await app.http('/graphql', {
        method: 'POST',
        token: admin,
        headers: { 'content-type': 'multipart/form-data; boundary=XX', 'apollo-require-preflight': 'true' },
        body: latin1(form),
      });
      expect(gql.body.errors?.[0]).toMatchObject({
        message: REPLACEMENT_CHARACTER_MESSAGE,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const [row] = await app.db.query<{ name: string }[]>('SELECT name FROM bar_items WHERE id = $1', [
        created.body._id,
      ]);
      expect(row.name).toBe('Cable');
    });

    it('is refused in a charset other than UTF-8, even when its bytes happen to be UTF-8 too', async () => {
      const res = await app.http('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-16le' },
        body: Buffer.from('{"email":"a@b.co","password":"x"}', 'utf16le'),
      });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: 'Request body must be UTF-8.',
      });
    });

    it('is refused as text holding U+FFFD, what a decoder leaves of such bytes, whichever way it comes', async () => {
      const created = await app.http('/api/bar', { method: 'POST', token: admin, json: { name: 'Chai', price: 2 } });
      const res = await app.http(`/api/bar/${created.body._id}`, {
        method: 'PUT',
        token: admin,
        json: { name: 'Ch\uFFFDi' },
      });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: REPLACEMENT_CHARACTER_MESSAGE,
      });
      const gql = await app.gql('{ products(filter: { search: "\uFFFD" }) { total } }');
      expect(gql.errors?.[0].message).toBe(REPLACEMENT_CHARACTER_MESSAGE);
    });
  });

  it('closes the connection after refusing an upload it did not read to the end', async () => {
    // A client still sending that body, or already its next request, must not wait for ever on a connection Node
    // would keep reading the rest of the refused body from.
    const { hostname, port } = new URL(app.url);
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const ended = new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 5_000).unref();
    });
    socket.on('error', () => undefined); // the server may reset while we still write
    socket.write(
      'POST /api/bar HTTP/1.1\r\nHost: localhost\r\n' +
        `Authorization: Bearer ${admin}\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
        'Content-Length: 50000000\r\n\r\n--b\r\n' +
        'Content-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    socket.write(Buffer.alloc(7 * 1024 * 1024));
    const closed = await ended;
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(closed).toBe(true);
  });

  it('answers a bar item image sent under another part name as a missing file', async () => {
    const form = new FormData();
    const query =
      'mutation($input: CreateBarItemInput!, $image: Upload) { createBarItem(input: $input, image: $image) { id } }';
    form.append('operations', JSON.stringify({ query, variables: { input: { name: 'Tea', price: 2 }, image: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.image'] }));
    form.append('file', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'tea.png');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${admin}` },
      body: form,
    });
    const body = (await res.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
    expect(body.errors?.[0]).toMatchObject({
      message: UPLOAD_MESSAGES.missing,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const rows: { n: number }[] = await app.db.query(`SELECT count(*)::int AS n FROM bar_items WHERE name = 'Tea'`);
    expect(rows[0].n).toBe(0);
  });

  it('answers a file sent for a variable that takes text without echoing what the server made of it', async () => {
    const form = new FormData();
    const query = 'query($q: String) { products(filter: { search: $q }) { total } }';
    form.append('operations', JSON.stringify({ query, variables: { q: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.q'] }));
    form.append('0', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true' },
      body: form,
    });
    const body = (await res.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
    expect(body.errors?.[0]).toEqual({
      message: 'Variable "$q" got a file, which it does not take.',
      locations: expect.any(Array),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  describe("GraphQL's own refusals of a request", () => {
    it.each([
      ['a subscription', { query: 'subscription { venue { name } }' }, 'BAD_REQUEST', /subscription/],
      [
        'a persisted query (none are taken)',
        {
          query: '{ venue { name } }',
          extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } },
        },
        'PERSISTED_QUERY_NOT_SUPPORTED',
        /PersistedQueryNotSupported/,
      ],
    ])('answers %s with %s and its reason, and logs no error', async (_case, body, code, reason) => {
      const before = errorLogs().length;
      const res = await app.http('/graphql', { method: 'POST', json: body });
      const error = (res.body as { errors: { message: string; extensions: { code: string } }[] }).errors[0];
      expect(error.extensions.code).toBe(code);
      expect(error.message).toMatch(reason);
      expect(errorLogs().length).toBe(before);
    });

    it('answers a list variable with too many bad items with input errors only', async () => {
      const res = await app.gql(
        'query($s: [BookingStatus!]) { bookings(status: $s) { total } }',
        { s: Array(1000).fill(null) },
        { token: admin },
      );
      expect(res.errors?.length).toBeGreaterThan(1);
      expect(res.errors?.map((e) => e.extensions?.code)).not.toContain('INTERNAL_SERVER_ERROR');
    });
  });
});
