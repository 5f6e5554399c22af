import { ApolloClient, ApolloLink, InMemoryCache, CombinedGraphQLErrors } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import { catchError, defer, map, mergeMap, of, throwError, type Observable } from 'rxjs';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { expireSession, getStoredUser } from './auth';
import { forgetOnUserChange } from './forget-on-user-change';

/**
 * The one Apollo client: every request carries the stored user's bearer token (and may carry
 * files: the terminating link speaks the GraphQL multipart request spec), and an
 * UNAUTHENTICATED answer (an expired or revoked token) ends the session once, here at the edge: a public page goes on
 * for a guest, a signed-in page's guard sends the visitor to log in and come back.
 */
export function createApolloClient() {
  const auth = new SetContextLink((prevContext) => {
    const token = storedToken();
    // The gateway's CSRF prevention asks multipart posts (file uploads) for this header.
    const headers = { ...prevContext.headers, 'apollo-require-preflight': 'true' };
    return {
      headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      // Whose request this is, as it goes: compared with who is signed in when its answer comes (below).
      [SENT_FOR]: token,
    };
  });

  /**
   * A query answered after the signed-in user changed (another tab logged out and in as someone else, or this one
   * signed in or out) is asked again, for whoever is signed in now: the answer was for the account it was sent with.
   * Apollo shares one request among the same queries asked while it is out, whatever their token, so a page of the new
   * account would otherwise be given the last one's cart or orders. Its failure counts the same: it was the last
   * account's. A mutation is never sent again: it was meant for the account it went with. Each try's own answer, or
   * failure, is passed on once the account has stayed the same through it.
   */
  const askAgainForNewUser = new ApolloLink((operation, forward) => {
    if (operation.operationType !== OperationTypeNode.QUERY) return forward(operation);
    // As the caller set them: each try goes through the auth link afresh, without the token the last one added.
    const { headers } = operation.getContext();
    const ask = (tries: number): Observable<ApolloLink.Result> =>
      defer(() => {
        operation.setContext({ headers });
        return forward(operation).pipe(
          map((result): Try => ({ result })),
          catchError((error: unknown) => of<Try>({ error })),
          mergeMap((outcome) => {
            if (sentForAnother(operation)) {
              // Never another account's answer: past the tries, a failure the page offers to ask again.
              return tries < MAX_TRIES ? ask(tries + 1) : throwError(() => new Error(ACCOUNT_CHANGED));
            }
            return 'error' in outcome ? throwError(() => outcome.error) : of(outcome.result);
          }),
        );
      });
    return ask(1);
  });

  const signOutOnUnauthenticated = new ErrorLink(({ error, operation }) => {
    if (!CombinedGraphQLErrors.is(error)) return;
    const unauthenticated = error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
    // Refused a token that is no longer the stored one (a mutation sent before another tab switched accounts): the
    // account signed in now is not the one refused.
    if (unauthenticated && getStoredUser() && !sentForAnother(operation)) {
      expireSession();
      // Forget the session's data, but leave the requests in flight alone: clearStore() would abort the page's
      // public queries running beside the one that failed (the shop's products beside the cart), and nothing would
      // fetch them again. Emptying the cache makes every watching query fetch afresh, now as a guest.
      void client.cache.reset();
    }
  });

  const client: ApolloClient = new ApolloClient({
    link: ApolloLink.from([
      signOutOnUnauthenticated,
      askAgainForNewUser,
      auth,
      new UploadHttpLink({ uri: '/graphql', credentials: 'include' }),
    ]),
    cache: new InMemoryCache({
      typePolicies: {
        // One venue: the footer's, the about page's and the booking form's queries fill one cache entry (and its
        // nested objects, which have no id) instead of replacing each other's fields and refetching in turn.
        Venue: { keyFields: [] },
        OpeningHours: { merge: true },
        SocialLinks: { merge: true },
        MapLocation: { merge: true },
        // An order's details (no id of their own) are asked for in part by Order History and by checkout's last order:
        // each adds its fields instead of replacing the other's.
        OrderDetail: { merge: true },
      },
    }),
  });
  forgetOnUserChange(client.cache);
  return client;
}

/** The context entry where the auth link notes the stored token a request went with (none for a guest). */
const SENT_FOR = 'sentForToken';
/** How many times a query is sent at most while accounts keep changing under it. */
const MAX_TRIES = 3;
export const ACCOUNT_CHANGED = 'The signed-in account changed while this was asked.';
type Try = { result: ApolloLink.Result } | { error: unknown };

function storedToken(): string | null {
  return getStoredUser()?.token ?? null;
}

/**
 * Whether the request went for another account than the one signed in now. A token the caller set itself (the logout
 * page's, its user forgotten already) is not the stored one it went with: that is none, and stays none.
 */
function sentForAnother(operation: ApolloLink.Operation): boolean {
  return (operation.getContext()[SENT_FOR] as string | null | undefined) !== storedToken();
}
