import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { ServerCart_CartFragment } from '../../gql/graphql';
import { addOutcome, planAdd, type AddOutcome } from './cart-math';
import { clearGuestCart, getGuestCart, type GuestProduct } from './guest-cart';
import { isRefusal, logFailure } from '../../lib/errors';

graphql(`
  fragment ServerCart_cart on Cart {
    id
    itemCount
    subtotal
    tax
    shipping
    cartTotal
    total
    items {
      id
      productId
      name
      quantity
      unitPrice
      lineTotal
      product {
        id
        name
        amount
        images {
          id
          smallUrl
        }
      }
    }
  }
`);

export const ServerCartQuery = graphql(`
  query ServerCartQuery {
    cart {
      ...ServerCart_cart
    }
  }
`);

export const ServerCartAdd = graphql(`
  mutation ServerCartAdd($productId: ID!, $quantity: Int!) {
    addToCart(productId: $productId, quantity: $quantity) {
      ...ServerCart_cart
    }
  }
`);

export const ServerCartUpdate = graphql(`
  mutation ServerCartUpdate($productId: ID!, $quantity: Int!) {
    updateCartItem(productId: $productId, quantity: $quantity) {
      ...ServerCart_cart
    }
  }
`);

export const ServerCartRemove = graphql(`
  mutation ServerCartRemove($productId: ID!) {
    removeFromCart(productId: $productId) {
      ...ServerCart_cart
    }
  }
`);

export const ServerCartClear = graphql(`
  mutation ServerCartClear {
    clearCart {
      ...ServerCart_cart
    }
  }
`);

export const ServerCartMerge = graphql(`
  mutation ServerCartMerge($items: [GuestCartItemInput!]!) {
    mergeGuestCart(items: $items) {
      ...ServerCart_cart
    }
  }
`);

function lineQuantity(cart: ServerCart_CartFragment | null | undefined, productId: string): number {
  return cart?.items.find((item) => item.productId === productId)?.quantity ?? 0;
}

/** Per client: the cart changes on their way, and a count of changes begun or ended (see `refresh`). */
const changes = new WeakMap<ApolloClient, { pending: number; epoch: number }>();
function changesOf(client: ApolloClient) {
  let state = changes.get(client);
  if (!state) changes.set(client, (state = { pending: 0, epoch: 0 }));
  return state;
}
/**
 * Sends a cart change. A change that failed is followed by a fresh read of the cart: without an answer (a dropped
 * connection), the server may have made it all the same, and the badge and cart must show what it holds, or a second
 * try would add the units again.
 */
async function change<T>(client: ApolloClient, send: () => Promise<T>): Promise<T> {
  const state = changesOf(client);
  state.pending++;
  state.epoch++;
  let failed = false;
  try {
    return await send();
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    state.pending--;
    state.epoch++;
    if (failed) serverCart.refresh(client).catch((e: unknown) => logFailure('Cart refresh failed', e));
  }
}

/** The signed-in user's cart actions; each answer is the whole cart, so the cache (and badge) follows. */
export const serverCart = {
  /**
   * Asks only for the units that fit the line as the cart was last seen (the server would cap a line at 3 silently),
   * and tells how many the answer shows were added.
   */
  add: async (client: ApolloClient, product: GuestProduct, quantity: number): Promise<AddOutcome> => {
    const inCart = lineQuantity(client.readQuery({ query: ServerCartQuery })?.cart, product._id);
    const plan = planAdd(inCart, quantity, product.amount);
    if (plan.added === 0) return plan;
    const { data } = await change(client, () =>
      client.mutate({ mutation: ServerCartAdd, variables: { productId: product._id, quantity: plan.added } }),
    );
    const added = Math.min(plan.added, Math.max(0, lineQuantity(data?.addToCart, product._id) - inCart));
    return addOutcome(quantity, added, product.amount);
  },
  setQuantity: (client: ApolloClient, productId: string, quantity: number) =>
    change(client, () => client.mutate({ mutation: ServerCartUpdate, variables: { productId, quantity } })),
  remove: (client: ApolloClient, productId: string) =>
    change(client, () => client.mutate({ mutation: ServerCartRemove, variables: { productId } })),
  clear: (client: ApolloClient) => change(client, () => client.mutate({ mutation: ServerCartClear })),
  /**
   * Asks for the cart again (after an order, a refusal, or back in the tab); the watching provider (and badge) follows
   * through the cache. An answer that a change crossed is dropped: the server may have read the cart before the change,
   * and the change's own answer, the whole cart, is in the cache already.
   */
  refresh: async (client: ApolloClient) => {
    const state = changesOf(client);
    const epoch = state.epoch;
    const { data } = await client.query({ query: ServerCartQuery, fetchPolicy: 'no-cache' });
    if (data && state.pending === 0 && state.epoch === epoch) client.writeQuery({ query: ServerCartQuery, data });
  },
};

/** How long a login's merge of the guest cart waits to be asked again after it went unanswered (doubled each time). */
export const MERGE_RETRY_MS = 3_000;

/** The server cart as last seen for one user (their token), so another login never shows it. */
export type ServerCartState = {
  userKey?: string;
  cart?: ServerCart_CartFragment;
  loading: boolean;
  /** Set when the cart could not be loaded at all (nothing to show): asks for it again. */
  retryLoad?: () => Promise<unknown>;
};

/**
 * Keeps the provider told about the signed-in user's server cart. When the user arrives with
 * guest items they are merged first, once (spec §4: an empty server cart takes them, otherwise
 * they are dropped), the local copy is removed, and then the server cart is fetched. What the
 * merge left out or cut is passed to `onMerged`, so the customer is told. A merge that goes unanswered keeps the
 * local copy and is asked again, later each time; only a refusal drops it.
 */
export function ServerCartSync({
  userKey,
  hasGuestItems,
  onChange,
  onMerged,
}: {
  userKey: string;
  hasGuestItems: boolean;
  onChange: (state: ServerCartState) => void;
  onMerged: (notice: string | undefined) => void;
}) {
  const client = useApolloClient();
  const { data, loading, error, refetch } = useQuery(ServerCartQuery, { skip: hasGuestItems });
  const mergedFor = useRef<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // A merge went unanswered and waits to be asked again: the cart views say it could not be loaded, with Try again.
  const [mergeWaits, setMergeWaits] = useState(false);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);
  const mergeAgain = useCallback(() => {
    clearTimeout(retry.current);
    setMergeWaits(false);
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!hasGuestItems || mergedFor.current === userKey) return;
    mergedFor.current = userKey;
    const guest = getGuestCart();
    const items = guest.map((item) => ({ productId: item.product._id, quantity: item.quantity }));
    client
      .mutate({ mutation: ServerCartMerge, variables: { items } })
      .then(async ({ data }) => {
        clearGuestCart();
        if (!data) return;
        // Fetched only here: every page with an Add to Cart button loads this module, few customers merge.
        const { mergeNotice } = await import('./merge-notice');
        onMerged(mergeNotice(guest, data.mergeGuestCart.items));
      })
      .catch((e: unknown) => {
        logFailure('Cart sync failed', e);
        // Refused, it would be refused again: the guest cart goes, as after a merge. Unanswered (the network, a server
        // restarting), the guest cart is kept and the merge asked again: had the lost answer merged it already, the
        // server keeps its cart, now not empty, and drops the guest's (spec §4), so nothing is added twice.
        if (isRefusal(e)) return clearGuestCart();
        mergedFor.current = null;
        setMergeWaits(true);
        retry.current = setTimeout(mergeAgain, Math.min(60_000, MERGE_RETRY_MS * 2 ** attempt));
      });
  }, [client, userKey, hasGuestItems, onMerged, attempt, mergeAgain]);

  // Back to this tab, the cart may have changed in another one (or on another device): the badge and any cart view
  // follow the server's.
  useEffect(() => {
    if (hasGuestItems) return;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      serverCart.refresh(client).catch((e: unknown) => logFailure('Cart refresh failed', e));
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [client, hasGuestItems]);

  const cart = data?.cart;
  const merging = hasGuestItems && !mergeWaits;
  const busy = merging || loading;
  // Not loaded at all (the network, a server restarting), or not merged yet for the same reason: the cart views say so
  // and offer to ask again at once, rather than showing an empty cart or loading for as long as the merge waits. A
  // refresh that fails later leaves the cart as last seen.
  const retryLoad = useMemo(() => {
    if (hasGuestItems) return mergeWaits ? async () => mergeAgain() : undefined;
    return error && !cart && !busy ? () => refetch() : undefined;
  }, [hasGuestItems, mergeWaits, mergeAgain, error, cart, busy, refetch]);
  useEffect(() => onChange({ userKey, cart, loading: busy, retryLoad }), [userKey, cart, busy, retryLoad, onChange]);
  return null;
}
