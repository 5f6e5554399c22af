import { createAdmin, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The lists that grow with the venue's history are read through indexes, whatever their size: with a few years of
 * bookings and orders in the tables, PostgreSQL is asked how it runs the statements each list sends, and none reads
 * a whole table of bookings or orders.
 */

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe('list query plans on a venue with history (real database)', () => {
  let app: TestApp;
  let me: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    app = await createTestApp();
    me = await createUser(app.db, app.deps.jwtSecret);
    admin = await createAdmin(app.db, app.deps.jwtSecret);
    await app.db.query(
      `INSERT INTO users (username, email, password_hash, email_confirmed_at)
       SELECT 'bulk-user-' || lpad(n::text, 4, '0'), 'bulk-user-' || n || '@example.com', 'x', now()
       FROM generate_series(1, 2000) AS n`,
    );
    // 40,000 bookings, an hour each, on every active station, most of them in the past, one in twelve cancelled.
    await app.db.query(
      `WITH people AS (SELECT array_agg(id ORDER BY username) AS ids FROM users),
            places AS (SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n FROM stations WHERE active)
       INSERT INTO bookings (user_id, station_id, session_type, starts_at, ends_at, cancelled_at)
       SELECT people.ids[1 + (k % array_length(people.ids, 1))], places.ids[1 + (k % places.n)], s.session_type,
              date_trunc('hour', now()) + ((k / places.n) - 1900) * interval '1 hour',
              date_trunc('hour', now()) + ((k / places.n) - 1899) * interval '1 hour',
              CASE WHEN k % 12 = 0 THEN now() END
       FROM generate_series(0, 39999) AS k, people, places
       JOIN stations s ON true
       WHERE s.id = places.ids[1 + (k % places.n)]`,
    );
    // 100,000 orders over ten years.
    await app.db.query(
      `WITH people AS (SELECT array_agg(id ORDER BY username) AS ids FROM users)
       INSERT INTO orders (user_id, status, payment_method, subtotal_cents, tax_cents, shipping_cents, total_cents,
                           full_name, email, phone, address, city, zip, created_at)
       SELECT people.ids[1 + (k % array_length(people.ids, 1))], (ARRAY['paid', 'unpaid', 'cancelled'])[1 + k % 3],
              'Cash', 1000, 100, 500, 1600, 'Buyer ' || k % 20000, 'buyer-' || k % 20000 || '@example.com', '555',
              '1 Main St', 'Town', '10001',
              now() - k * interval '52 minutes'
       FROM generate_series(0, 99999) AS k, people`,
    );
    // A few of them bought by name for someone else.
    await app.db.query(
      `UPDATE orders SET full_name = 'Gift for Ines Okafor', email = 'ines.okafor@example.net'
       WHERE id IN (SELECT id FROM orders ORDER BY created_at LIMIT 3)`,
    );
    await app.db.query('ANALYZE users, bookings, orders');
  }, 60_000);
  afterAll(() => app.close());

  /** The statements `request` sends, each with the plan PostgreSQL would run it with. */
  async function plansOf(request: () => Promise<{ errors?: unknown }>) {
    app.queries.reset();
    const res = await request();
    expect(res.errors).toBeUndefined();
    const calls = app.queries.calls.filter((call) => /\b(bookings|orders)\b/.test(call.query));
    expect(calls.length).toBeGreaterThan(0);
    return Promise.all(
      calls.map(async ({ query, parameters }) => {
        const [{ 'QUERY PLAN': plan }] = (await app.db.query(`EXPLAIN (FORMAT JSON) ${query}`, parameters)) as {
          'QUERY PLAN': [{ Plan: PlanNode }];
        }[];
        return { query, nodes: nodesOf(plan[0].Plan) };
      }),
    );
  }

  const wholeTableReads = (plans: { nodes: PlanNode[] }[]) =>
    plans.flatMap(({ nodes }) =>
      nodes
        .filter((node) => node['Node Type'] === 'Seq Scan' && /^(bookings|orders)$/.test(node['Relation Name'] ?? ''))
        .map((node) => node['Relation Name']),
    );

  it("reads a customer's bookings, any status, through their own index", async () => {
    const query = `query ($status: [BookingStatus!]) { myBookings(status: $status) { total items { id status } } }`;
    for (const status of [null, ['upcoming'], ['completed', 'cancelled']]) {
      const plans = await plansOf(() => app.gql(query, { status }, { token: me.token }));
      expect({ status, reads: wholeTableReads(plans) }).toEqual({ status, reads: [] });
    }
  });

  it('filters all reservations by status and finds a person among them without reading every booking', async () => {
    const query = `query ($status: [BookingStatus!], $search: String) {
      bookings(status: $status, search: $search) { total items { id status user { username } } } }`;
    for (const variables of [
      { status: ['upcoming'] },
      { status: ['inprogress'] },
      { search: 'bulk-user-0017' },
      { search: 'bulk-user-0017', status: ['completed'] },
    ]) {
      const plans = await plansOf(() => app.gql(query, variables, { token: admin.token }));
      expect({ variables, reads: wholeTableReads(plans) }).toEqual({ variables, reads: [] });
    }
  });

  it('finds orders by person, name, e-mail or order number without reading every order', async () => {
    const [{ number }] = (await app.db.query(
      'SELECT upper(right(id::text, 6)) AS number FROM orders ORDER BY created_at DESC OFFSET 777 LIMIT 1',
    )) as { number: string }[];
    const query = `query ($search: String, $status: OrderFilter) {
      orders(search: $search, status: $status) { total orders { id } } }`;
    for (const variables of [
      { search: 'bulk-user-0017' },
      { search: 'okafor' },
      { search: 'ines.okafor@example' },
      { search: `#${number}` },
      { search: 'okafor', status: 'undelivered' },
    ]) {
      let found = 0;
      const plans = await plansOf(async () => {
        const res = await app.gql<{ orders: { total: number } }>(query, variables, { token: admin.token });
        found = res.data?.orders.total ?? 0;
        return res;
      });
      expect({ variables, found: found > 0, reads: wholeTableReads(plans) }).toEqual({
        variables,
        found: true,
        reads: [],
      });
    }
  });

  it("pages a customer's orders through their own index", async () => {
    for (const page of [1, 3]) {
      const plans = await plansOf(() =>
        app.gql(`query { myOrders(page: ${page}) { total orders { id } } }`, {}, { token: me.token }),
      );
      expect({ page, reads: wholeTableReads(plans) }).toEqual({ page, reads: [] });
    }
  });
});
