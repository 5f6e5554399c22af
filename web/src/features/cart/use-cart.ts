import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { cartTotals, type AddOutcome, type CartTotals } from './cart-math';
import {
  GuestCartProducts,
  guestCount,
  guestLines,
  knownProducts,
  shortNote,
  type CartLine,
  type KnownProducts,
} from './cart-line';
import { CartContext } from './CartProvider';
import { addGuestItem, clearGuestCart, removeGuestItem, setGuestQuantity, type GuestProduct } from './guest-cart';
import { logFailure } from '../../lib/errors';

export type CartApi = CartTotals & {
  lines: CartLine[];
  /** Some line's product was deleted: checkout waits until those lines are removed. */
  hasUnavailable: boolean;
  /** A signed-in line holds more units than are left: checkout waits until it is lowered. */
  hasShortStock: boolean;
  count: number;
  loading: boolean;
  /** Set when the signed-in cart could not be loaded at all: asks for it again (the views say so, not "empty"). */
  retryLoad?: () => Promise<unknown>;
  /** Says how many units fitted the line (3 at most, never above the stock); rejects with the server's refusal. */
  add: (product: GuestProduct, quantity?: number) => Promise<AddOutcome>;
  setQuantity: (productId: string, quantity: number) => Promise<void>;
  remove: (productId: string) => Promise<void>;
  clear: () => Promise<void>;
  /**
   * After an order is placed: the server emptied its cart when it took the order, so the cached cart is asked for
   * again rather than cleared (a clear would also take whatever was added since); a guest's browser copy is removed.
   */
  orderPlaced: () => Promise<void>;
  /**
   * After the server refused a change: the refusal may come from a cart or stock changed since the cart was loaded
   * (another tab, an admin lowering the stock), so the signed-in cart is asked for again and every view of it shows
   * what holds now. A guest's cart is never refused (it is kept in this browser), so there is nothing to ask.
   */
  refresh: () => Promise<void>;
};

/**
 * The signed-in cart's actions, from the server cart's chunk: a guest never loads it, a signed-in user has it already
 * (the provider loads it to watch their cart).
 */
const server = () => import('./server-cart').then((m) => m.serverCart);

/** The cart's actions alone, for buttons and rows that change the cart without listing it. */
export function useCartActions(): Pick<
  CartApi,
  'add' | 'setQuantity' | 'remove' | 'clear' | 'orderPlaced' | 'refresh'
> {
  const state = useContext(CartContext);
  if (!state) throw new Error('useCartActions needs a CartProvider');
  const client = useApolloClient();
  const { signedIn } = state;
  const add = useCallback(
    async (product: GuestProduct, quantity = 1) => {
      if (!signedIn) return addGuestItem(product, quantity);
      return (await server()).add(client, product, quantity);
    },
    [signedIn, client],
  );
  const setQuantity = useCallback(
    async (productId: string, quantity: number) => {
      if (!signedIn) return setGuestQuantity(productId, quantity);
      await (await server()).setQuantity(client, productId, quantity);
    },
    [signedIn, client],
  );
  const remove = useCallback(
    async (productId: string) => {
      if (!signedIn) return removeGuestItem(productId);
      await (await server()).remove(client, productId);
    },
    [signedIn, client],
  );
  const clear = useCallback(async () => {
    if (!signedIn) return clearGuestCart();
    await (await server()).clear(client);
  }, [signedIn, client]);
  const orderPlaced = useCallback(async () => {
    if (!signedIn) return clearGuestCart();
    await (await server()).refresh(client);
  }, [signedIn, client]);
  const refresh = useCallback(async () => {
    if (!signedIn) return;
    await (await server()).refresh(client);
  }, [signedIn, client]);

  return useMemo(
    () => ({ add, setQuantity, remove, clear, orderPlaced, refresh }),
    [add, setQuantity, remove, clear, orderPlaced, refresh],
  );
}

/**
 * A cart view (the cart page, checkout) asks for the signed-in cart again when it opens: the cart as first loaded may
 * be out of date (changed in another tab, a price or stock edited since), and the page must show what an order would
 * take. A guest's lines are read afresh by useCart already.
 */
export function useCartRefreshOnOpen(): void {
  const { refresh } = useCartActions();
  useEffect(() => {
    refresh().catch((e: unknown) => logFailure('Cart refresh failed', e));
  }, [refresh]);
}

/** The current cart (lines, totals as spec §9 counts them) and its actions, guest or signed in. */
export function useCart(): CartApi {
  const state = useContext(CartContext);
  if (!state) throw new Error('useCart needs a CartProvider');
  const { signedIn, guestItems, count } = state;
  const serverCart = signedIn ? state.server.cart : undefined;
  const guestIds = useMemo(() => guestItems.map((item) => item.product._id), [guestItems]);
  // Asked again whenever a cart view opens; the badge follows what the views count (reported below).
  const { data: live } = useQuery(GuestCartProducts, {
    variables: { ids: guestIds },
    skip: signedIn || guestIds.length === 0,
    fetchPolicy: 'cache-and-network',
  });
  // Kept while the answer for a changed set of lines is on its way: a line removed (or added) asks anew, and the other
  // lines would meanwhile fall back to their stored prices, the total flickering (and being said) wrong. Set as the
  // render sees the answer come, as React advises for state that follows a prop.
  const answer = live?.productsByIds;
  const [known, setKnown] = useState<{ answer?: typeof answer; products?: KnownProducts }>({});
  if (answer !== known.answer) setKnown({ answer, products: knownProducts(guestIds, answer) ?? known.products });

  const lines = useMemo<CartLine[]>(() => {
    if (signedIn) {
      return (serverCart?.items ?? []).map((item) => {
        const stock = item.product?.amount ?? 0;
        return {
          productId: item.productId,
          name: item.name,
          imageUrl: item.product?.images[0]?.smallUrl,
          unitPrice: item.unitPrice,
          quantity: item.quantity,
          lineTotal: item.lineTotal,
          stock,
          available: Boolean(item.product),
          stockNote: item.product ? shortNote(item.quantity, stock) : undefined,
        };
      });
    }
    return guestLines(guestItems, known.products);
  }, [signedIn, serverCart, guestItems, known.products]);

  const { reportGuestCount } = state;
  const counted = signedIn ? undefined : guestCount(lines);
  useEffect(() => {
    if (counted !== undefined) reportGuestCount(guestItems, counted);
  }, [reportGuestCount, guestItems, counted]);

  const { add, setQuantity, remove, clear, orderPlaced, refresh } = useCartActions();

  const loading = signedIn && !serverCart && state.server.loading;
  const retryLoad = signedIn && !serverCart ? state.server.retryLoad : undefined;
  return useMemo(() => {
    const totals = serverCart ?? cartTotals(lines.filter((line) => line.available && line.quantity > 0));
    return {
      lines,
      hasUnavailable: lines.some((line) => !line.available),
      hasShortStock: lines.some((line) => line.available && line.quantity > line.stock),
      count: count ?? 0,
      subtotal: totals.subtotal,
      tax: totals.tax,
      shipping: totals.shipping,
      cartTotal: totals.cartTotal,
      total: totals.total,
      loading,
      retryLoad,
      add,
      setQuantity,
      remove,
      clear,
      orderPlaced,
      refresh,
    };
  }, [lines, count, serverCart, loading, retryLoad, add, setQuantity, remove, clear, orderPlaced, refresh]);
}
