import { gql, type HttpLink, type TypedDocumentNode } from '@apollo/client';
import { ACCOUNT_CHANGED, createApolloClient } from './apollo';
import { getStoredUser, setStoredUser } from './auth';
import { storedCustomer as user } from '../test/users';

// The upload link is an ES module Jest cannot load; Apollo's own HTTP link sends a request without files the same way.
jest.mock('apollo-upload-client/UploadHttpLink.mjs', () => ({
  __esModule: true,
  default: jest.requireActual<{ HttpLink: typeof HttpLink }>('@apollo/client').HttpLink,
}));

const CART: TypedDocumentNode<{ cart: { id: string; itemCount: number } }> = gql`
  query Cart {
    cart {
      id
      itemCount
    }
  }
`;
const CLEAR = gql`
  mutation Clear {
    clearCart {
      id
      itemCount
    }
  }
`;

/** A request the client sent, answered when the test says. */
type Sent = { operationName: string; authorization?: string; answer: (body: object) => void; fail: () => void };
let sent: Sent[];

beforeEach(() => {
  sent = [];
  globalThis.fetch = jest.fn(
    (_uri: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const headers = init?.headers as Record<string, string>;
        sent.push({
          operationName: (JSON.parse(String(init?.body)) as { operationName: string }).operationName,
          authorization: headers.authorization,
          answer: (body) =>
            resolve({
              status: 200,
              headers: new Headers({ 'content-type': 'application/json' }),
              text: async () => JSON.stringify(body),
            } as Response),
          fail: () => reject(new TypeError('Failed to fetch')),
        });
      }),
  );
});
afterEach(() => setStoredUser(null));

const cartOf = (id: string, itemCount: number) => ({ data: { cart: { __typename: 'Cart', id, itemCount } } });
const unauthenticated = { errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }] };
/** Lets the client's promises (the auth link, the response's parsing) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('requests and the signed-in user', () => {
  it('asks a query again for the account signed in while it was out, and gives its answer to every query that shared it', async () => {
    setStoredUser(user('a'));
    const client = createApolloClient();
    const refresh = client.query({ query: CART, fetchPolicy: 'no-cache' });
    await settle();
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer token-a']);

    // Another tab logs out and in as someone else; the new account's page asks for its cart while the first is out.
    setStoredUser(user('b'));
    const page = client.query({ query: CART });
    await settle();
    expect(sent).toHaveLength(1); // Apollo shared the request out, whatever its token
    sent[0].answer(cartOf('cart-a', 2));
    await settle();

    expect(sent.map((s) => s.authorization)).toEqual(['Bearer token-a', 'Bearer token-b']);
    sent[1].answer(cartOf('cart-b', 1));
    expect((await refresh).data?.cart).toEqual({ __typename: 'Cart', id: 'cart-b', itemCount: 1 });
    expect((await page).data?.cart).toEqual({ __typename: 'Cart', id: 'cart-b', itemCount: 1 });
  });

  it('asks a query again without a token once the account signed out, and once only', async () => {
    setStoredUser(user('a'));
    const client = createApolloClient();
    const asked = client.query({ query: CART, fetchPolicy: 'no-cache' });
    await settle();
    setStoredUser(null);
    sent[0].answer(cartOf('cart-a', 2));
    await settle();

    expect(sent.map((s) => s.authorization)).toEqual(['Bearer token-a', undefined]);
    sent[1].answer(unauthenticated);
    await expect(asked).rejects.toThrow('Not signed in');
    expect(sent).toHaveLength(2);
  });

  it("asks again when the last account's try failed, and passes on the new account's own failure without asking again", async () => {
    setStoredUser(user('a'));
    const client = createApolloClient();
    const asked = client.query({ query: CART, fetchPolicy: 'no-cache' });
    await settle();
    setStoredUser(user('b'));
    sent[0].fail(); // the first account's try: its failure is not the new account's
    await settle();
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer token-a', 'Bearer token-b']);
    sent[1].fail(); // the new account's own: passed on, not asked again
    await expect(asked).rejects.toThrow('Failed to fetch');
    await settle();
    expect(sent).toHaveLength(2);
  });

  it('never passes on an answer for another account: past three tries while accounts keep changing, it fails', async () => {
    setStoredUser(user('a'));
    const client = createApolloClient();
    const asked = client.query({ query: CART, fetchPolicy: 'no-cache' });
    for (const [i, next] of ['b', 'c', 'd'].entries()) {
      await settle();
      setStoredUser(user(next));
      sent[i].answer(cartOf(`cart-${i}`, i));
    }
    await expect(asked).rejects.toThrow(ACCOUNT_CHANGED);
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer token-a', 'Bearer token-b', 'Bearer token-c']);
  });

  it('passes on the answer of a query whose account is still signed in', async () => {
    setStoredUser(user('a'));
    const client = createApolloClient();
    const asked = client.query({ query: CART, fetchPolicy: 'no-cache' });
    await settle();
    sent[0].answer(cartOf('cart-a', 2));
    expect((await asked).data?.cart).toEqual({ __typename: 'Cart', id: 'cart-a', itemCount: 2 });
    expect(sent).toHaveLength(1);
  });

  it('never sends a mutation again for another account, and a refusal of the last token keeps the new one signed in', async () => {
    setStoredUser(user('a'));
    const client = createApolloClient();
    const cleared = client.mutate({ mutation: CLEAR });
    await settle();
    setStoredUser(user('b'));
    sent[0].answer(unauthenticated); // the first account's token was revoked by its logout
    await expect(cleared).rejects.toThrow('Not signed in');

    expect(sent).toHaveLength(1);
    expect(getStoredUser()?.id).toBe('b');
  });

  it("sends a request with the caller's own token when nobody is signed in, and does not ask it again", async () => {
    const client = createApolloClient();
    // The logout page ends the session with the token it just forgot.
    const ended = client.mutate({ mutation: CLEAR, context: { headers: { authorization: 'Bearer token-a' } } });
    const asked = client.query({
      query: CART,
      fetchPolicy: 'no-cache',
      context: { headers: { authorization: 'Bearer token-c' } },
    });
    await settle();
    sent.forEach((request) => request.answer(cartOf('cart-c', 3)));
    await expect(ended).resolves.toBeDefined();
    await expect(asked).resolves.toBeDefined();
    expect(sent.map((s) => [s.operationName, s.authorization])).toEqual([
      ['Clear', 'Bearer token-a'],
      ['Cart', 'Bearer token-c'],
    ]);
  });

  it('signs out the account whose own token is refused', async () => {
    setStoredUser(user('a'));
    const client = createApolloClient();
    const asked = client.query({ query: CART, fetchPolicy: 'no-cache' });
    await settle();
    sent[0].answer(unauthenticated);
    await expect(asked).rejects.toThrow('Not signed in');
    expect(getStoredUser()).toBeNull();
  });
});
