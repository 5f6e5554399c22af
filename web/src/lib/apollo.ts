import { ApolloClient, ApolloLink, InMemoryCache, CombinedGraphQLErrors } from '@apollo/client';
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
    const token = getStoredUser()?.token;
    // The gateway's CSRF prevention asks multipart posts (file uploads) for this header.
    const headers = { ...prevContext.headers, 'apollo-require-preflight': 'true' };
    return { headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers };
  });

  const signOutOnUnauthenticated = new ErrorLink(({ error }) => {
    if (!CombinedGraphQLErrors.is(error)) return;
    const unauthenticated = error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
    if (unauthenticated && getStoredUser()) {
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
