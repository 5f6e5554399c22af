import { ApolloClient, ApolloLink, InMemoryCache, CombinedGraphQLErrors } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import { catchError, defer, mergeMap, of, type Observable } from 'rxjs';
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
    const authorization = bearer();
    // The gateway's CSRF prevention asks multipart posts (file uploads) for this header.
    const headers = { ...prevContext.headers, 'apollo-require-preflight': 'true' };
    return { headers: authorization ? { ...headers, authorization } : headers };
  });

  /**
   * A query answered after the signed-in user changed (another tab logged out and in as someone else, or this one
   * signed in or out) is asked again, for whoever is signed in now: the answer was for the account it was sent with.
   * Apollo shares one request among the same queries asked while it is out, whatever their token, so a page of the new
   * account would otherwise be given the last one's cart or orders. A mutation is never sent again: it was meant for
   * the account it went with.
   */
  const askAgainForNewUser = new ApolloLink((operation, forward) => {
    if (operation.operationType !== OperationTypeNode.QUERY) return forward(operation);
    // As the caller set them: each try goes through the auth link afresh, without the token the last one added.
    const { headers } = operation.getContext();
    const ask = (): Observable<ApolloLink.Result> =>
      defer(() => {
        const askedFor = bearer();
        operation.setContext({ headers });
        return forward(operation).pipe(
          mergeMap((result) => (bearer() === askedFor ? of(result) : ask())),
          catchError((error: unknown) => {
            if (bearer() === askedFor) throw error;
            return ask();
          }),
        );
      });
    return ask();
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

/** The `Authorization` header for the stored user's token; none for a guest. */
function bearer(): string | undefined {
  const token = getStoredUser()?.token;
  return token ? `Bearer ${token}` : undefined;
}

/** Whether the request went with another token than the stored user's now. */
function sentForAnother(operation: ApolloLink.Operation): boolean {
  const headers = operation.getContext().headers as Record<string, string> | undefined;
  return headers?.authorization !== bearer();
}
