import type { ApolloCache } from '@apollo/client';
import { getStoredUser, onStoredUserChange } from './auth';

/**
 * Empties `cache` when the signed-in user changes away from someone (a logout, or another tab logging out and in as
 * someone else): nothing cached for the user before may stay on screen, or go back to the server in a form prefilled
 * with it. Emptying the cache makes every watching query fetch afresh, for whoever is signed in now. A guest signing
 * in had nothing of theirs cached. Returns the unsubscribe.
 */
export function forgetOnUserChange(cache: ApolloCache): () => void {
  let cachedFor = getStoredUser()?.id ?? null;
  return onStoredUserChange(() => {
    const now = getStoredUser()?.id ?? null;
    if (cachedFor !== null && now !== cachedFor) void cache.reset();
    cachedFor = now;
  });
}
