import { randomUUID } from 'node:crypto';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { createTestApp, type GraphQLResponse, type TestApp } from '../test/test-app';
import { createAdmin, createUser } from '../test/factories';
import { createServices } from '../services';
import { createSchema } from './schema';

/**
 * Spec §6 over the whole API: every query and mutation, called over HTTP as a guest, a customer
 * and an admin, must give the auth outcome its @Authorized metadata declares, and never a 500.
 * The table is read from type-graphql's metadata, so a new resolver is called without editing this file; what each
 * operation's access should be is pinned in a list of its own, so a changed decorator fails a test.
 */

type Access = 'public' | 'signed-in' | 'admin';
type Operation = 'query' | 'mutation';
type Row = { operation: Operation; field: string; access: Access };

/** Read when the file loads: importing ./schema has already run every resolver's decorators. */
function accessTable(): Row[] {
  const storage = getMetadataStorage();
  const accessOf = (target: unknown, methodName: string): Access => {
    const roles =
      storage.authorizedFields.find((f) => f.target === target && f.fieldName === methodName)?.roles ??
      storage.authorizedResolver.find((r) => r.target === target)?.roles;
    if (!roles) return 'public';
    return roles.includes('ADMIN') ? 'admin' : 'signed-in';
  };
  return [
    ...storage.queries.map((q) => ({
      operation: 'query' as const,
      field: q.schemaName,
      access: accessOf(q.target, q.methodName),
    })),
    ...storage.mutations.map((m) => ({
      operation: 'mutation' as const,
      field: m.schemaName,
      access: accessOf(m.target, m.methodName),
    })),
  ].sort((a, b) => a.operation.localeCompare(b.operation) || a.field.localeCompare(b.field));
}

/**
 * Type-correct dummies for required inputs: the point is the auth decision, not the business result.
 * `plain` values are well formed; `hostile` ones are what a careless or malicious client sends
 * (a malformed id, a huge string, extreme numbers), which must still get a coded error, never a 500.
 */
type Flavour = 'plain' | 'hostile';

function dummyValue(type: GraphQLInputType, flavour: Flavour): unknown {
  if (isNonNullType(type)) return dummyValue(type.ofType, flavour);
  if (isListType(type)) return [dummyValue(type.ofType, flavour)];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type) && field.defaultValue === undefined)
        value[field.name] = dummyValue(field.type, flavour);
    }
    return value;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return flavour === 'plain' ? randomUUID() : 'not-a-uuid';
      case 'String':
        return flavour === 'plain' ? 'x' : 'x'.repeat(20_000);
      case 'Int':
        return flavour === 'plain' ? 1 : 2_147_483_647;
      case 'Float':
        return flavour === 'plain' ? 1 : 1e300;
      case 'Boolean':
        return true;
      case 'DateTimeISO':
        return new Date().toISOString();
    }
  }
  throw new Error(`No dummy value for the required input type ${String(type)}: teach dummyValue about it`);
}

/** The smallest valid operation calling one root field: required arguments only, `__typename` selected. */
function minimalOperation(operation: Operation, field: GraphQLField<unknown, unknown>, flavour: Flavour) {
  const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
  const variables = Object.fromEntries(required.map((arg) => [arg.name, dummyValue(arg.type, flavour)]));
  const definitions = required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const args = required.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const query = `${operation} Permissions${definitions ? `(${definitions})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
  return { query, variables };
}

const codesOf = (res: GraphQLResponse) => (res.errors ?? []).map((e) => e.extensions?.code ?? 'NO_CODE');

const table = accessTable();

describe('permissions over the whole GraphQL schema (spec §6)', () => {
  let app: TestApp;
  let schema: GraphQLSchema;
  beforeAll(async () => {
    app = await createTestApp();
    schema = await createSchema(createServices());
  });
  afterAll(() => app.close());

  function rootField(row: Row): GraphQLField<unknown, unknown> {
    const root = row.operation === 'query' ? schema.getQueryType() : schema.getMutationType();
    const field = root?.getFields()[row.field];
    if (!field) throw new Error(`${row.operation} ${row.field} is in the metadata but not in the schema`);
    return field;
  }

  /** One call; every caller gets fresh users, so a logout- or password-changing call cannot break another. */
  async function call(row: Row, as: 'guest' | 'customer' | 'admin', flavour: Flavour) {
    const { query, variables } = minimalOperation(row.operation, rootField(row), flavour);
    const token =
      as === 'guest'
        ? undefined
        : (await (as === 'admin' ? createAdmin : createUser)(app.db, app.deps.jwtSecret)).token;
    const res = await app.gql(query, variables, { token });
    const codes = codesOf(res);
    // A 500 (masked or not) is a failure whatever the role: bad input must get a clear, coded error.
    const internal = res.status >= 500 || codes.includes('INTERNAL_SERVER_ERROR') || codes.includes('NO_CODE');
    expect(internal ? `${as}: HTTP ${res.status} ${JSON.stringify(res.errors)}` : null).toBeNull();
    // The dummy operation itself must be valid, or the auth decision is never reached.
    expect(codes).not.toContain('GRAPHQL_VALIDATION_FAILED');
    expect(codes).not.toContain('GRAPHQL_PARSE_FAILED');
    expect((res.errors ?? []).map((e) => e.message).filter((m) => /^Variable "\$/.test(m))).toEqual([]);
    return codes;
  }

  it('has one row per query and mutation of the schema, and nothing else', () => {
    const inSchema = [
      ...Object.keys(schema.getQueryType()?.getFields() ?? {}).map((f) => `query ${f}`),
      ...Object.keys(schema.getMutationType()?.getFields() ?? {}).map((f) => `mutation ${f}`),
    ].sort();
    expect(table.map((row) => `${row.operation} ${row.field}`).sort()).toEqual(inSchema);
    for (const access of ['public', 'signed-in', 'admin'])
      expect(table.some((row) => row.access === access)).toBe(true);
  });

  it('gives every operation the access spec §6 gives it (a change of access must change this list)', () => {
    const access = (level: Access, operations: string[]) => operations.map((op) => `${op}: ${level}`);
    expect(table.map((row) => `${row.operation} ${row.field}: ${row.access}`).sort()).toEqual(
      [
        // Guests browse, search, sign up, log in, confirm their e-mail and reset a password.
        ...access('public', [
          'mutation confirmEmail',
          'mutation login',
          'mutation logout',
          'mutation register',
          'mutation requestPasswordReset',
          'mutation resendConfirmation',
          'mutation resetPassword',
          'query barItem',
          'query barItems',
          'query featuredProducts',
          'query passwordResetLinkWorks',
          'query paymentConfig',
          'query product',
          'query products',
          'query productsByIds',
          'query venue',
        ]),
        // Signed-in users book, keep a server cart, check out, see their orders and profile
        // (whose booking or order it is, the services check).
        ...access('signed-in', [
          'mutation addToCart',
          'mutation cancelBooking',
          'mutation cancelEmailChange',
          'mutation cancelOrder',
          'mutation changePassword',
          'mutation clearCart',
          'mutation createBooking',
          'mutation createPaymentIntent',
          'mutation mergeGuestCart',
          'mutation placeOrder',
          'mutation removeFromCart',
          'mutation updateCartItem',
          'mutation updateProfile',
          'query cart',
          'query checkAvailability',
          'query me',
          'query myBookings',
          'query myOrders',
        ]),
        // Only admins manage the catalogue, the menu, stations, all reservations and all orders, and run reports.
        ...access('admin', [
          'mutation addStation',
          'mutation adminCancelBooking',
          'mutation adminDeleteBooking',
          'mutation createBarItem',
          'mutation createProduct',
          'mutation deleteBarItem',
          'mutation deleteProduct',
          'mutation markOrderDelivered',
          'mutation renameStation',
          'mutation setStationActive',
          'mutation undoOrderDelivery',
          'mutation updateBarItem',
          'mutation updateProduct',
          'query bookings',
          'query bookingUtilization',
          'query lowStock',
          'query orders',
          'query ordersByStatus',
          'query salesReport',
          'query stations',
          'query topProducts',
          'query uploadLimits',
        ]),
      ].sort(),
    );
  });

  describe.each(table)('$operation $field ($access)', (row) => {
    it.each<Flavour>(['plain', 'hostile'])(
      'lets in exactly the callers its access level allows, with %s inputs, and never answers 500',
      async (flavour) => {
        const guest = await call(row, 'guest', flavour);
        const customer = await call(row, 'customer', flavour);
        const admin = await call(row, 'admin', flavour);
        const refusals = ['UNAUTHENTICATED', 'FORBIDDEN'];
        expect(admin.filter((c) => refusals.includes(c))).toEqual([]);
        if (row.access === 'public') {
          expect(guest.filter((c) => refusals.includes(c))).toEqual([]);
          expect(customer.filter((c) => refusals.includes(c))).toEqual([]);
        } else {
          expect(guest).toEqual(['UNAUTHENTICATED']);
          if (row.access === 'signed-in') expect(customer.filter((c) => refusals.includes(c))).toEqual([]);
          else expect(customer).toEqual(['FORBIDDEN']);
        }
      },
    );
  });
});
