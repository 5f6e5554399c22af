import { useCallback, useContext, useMemo } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { cartTotals, type AddOutcome, type CartTotals } from './cart-math';
import { CartContext } from './CartProvider';
import { addGuestItem, clearGuestCart, removeGuestItem, setGuestQuantity, type GuestProduct } from './guest-cart';
import { serverCart as server } from './server-cart';

/** One cart line as every view shows it, whoever keeps the cart. */
export type CartLine = {
  productId: string;
  name: string;
  imageUrl?: string | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  stock: number;
  /** False once the product is deleted: the line shows its snapshot and can only be removed. */
  available: boolean;
};

/** What a line of a deleted product says in place of its price and quantity controls. */
export const NO_LONGER_AVAILABLE = 'No longer available';

/** Shown above the lines (cart and checkout) while some line's product is deleted. */
export const REMOVE_UNAVAILABLE = 'Some products in your cart are no longer sold. Remove them to check out.';

export type CartApi = CartTotals & {
  lines: CartLine[];
  /** Some line's product was deleted: checkout waits until those lines are removed. */
  hasUnavailable: boolean;
  count: number;
  loading: boolean;
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
};

/** The guest cart's products as they are now: prices, stock and deletions since they were added. */
export const GuestCartProducts = graphql(`
  query GuestCartProducts($ids: [ID!]!) {
    productsByIds(ids: $ids) {
      id
      name
      salePrice
      amount
      images {
        id
        smallUrl
      }
    }
  }
`);

/** The cart's actions alone, for buttons and rows that change the cart without listing it. */
export function useCartActions(): Pick<CartApi, 'add' | 'setQuantity' | 'remove' | 'clear' | 'orderPlaced'> {
  const state = useContext(CartContext);
  if (!state) throw new Error('useCartActions needs a CartProvider');
  const client = useApolloClient();
  const { signedIn } = state;
  const add = useCallback(
    async (product: GuestProduct, quantity = 1) => {
      if (!signedIn) return addGuestItem(product, quantity);
      return server.add(client, product, quantity);
    },
    [signedIn, client],
  );
  const setQuantity = useCallback(
    async (productId: string, quantity: number) => {
      if (!signedIn) return setGuestQuantity(productId, quantity);
      await server.setQuantity(client, productId, quantity);
    },
    [signedIn, client],
  );
  const remove = useCallback(
    async (productId: string) => {
      if (!signedIn) return removeGuestItem(productId);
      await server.remove(client, productId);
    },
    [signedIn, client],
  );
  const clear = useCallback(async () => {
    if (!signedIn) return clearGuestCart();
    await server.clear(client);
  }, [signedIn, client]);
  const orderPlaced = useCallback(async () => {
    if (!signedIn) return clearGuestCart();
    await server.refresh(client);
  }, [signedIn, client]);

  return useMemo(
    () => ({ add, setQuantity, remove, clear, orderPlaced }),
    [add, setQuantity, remove, clear, orderPlaced],
  );
}

/** The current cart (lines, totals as spec §9 counts them) and its actions, guest or signed in. */
export function useCart(): CartApi {
  const state = useContext(CartContext);
  if (!state) throw new Error('useCart needs a CartProvider');
  const { signedIn, guestItems, count } = state;
  const serverCart = signedIn ? state.server.cart : undefined;
  const guestIds = useMemo(() => guestItems.map((item) => item.product._id), [guestItems]);
  const { data: live } = useQuery(GuestCartProducts, {
    variables: { ids: guestIds },
    skip: signedIn || guestIds.length === 0,
    fetchPolicy: 'cache-and-network',
  });

  const lines = useMemo<CartLine[]>(() => {
    if (signedIn) {
      return (serverCart?.items ?? []).map((item) => ({
        productId: item.productId,
        name: item.name,
        imageUrl: item.product?.images[0]?.smallUrl,
        unitPrice: item.unitPrice,
        quantity: item.quantity,
        lineTotal: item.lineTotal,
        stock: item.product?.amount ?? 0,
        available: Boolean(item.product),
      }));
    }
    // The server's answer for these very ids (in their order); until it comes, the stored copy is shown.
    const now = live?.productsByIds.length === guestIds.length ? live.productsByIds : undefined;
    return guestItems.map(({ product: stored, quantity }, index) => {
      const current = now?.[index];
      const gone = now !== undefined && !current;
      const unitPrice = current?.salePrice ?? stored.salePrice;
      return {
        productId: stored._id,
        name: current?.name ?? stored.name,
        imageUrl: current ? current.images[0]?.smallUrl : stored.imageUrl,
        unitPrice,
        quantity,
        lineTotal: Math.round(unitPrice * 100 * quantity) / 100,
        stock: gone ? 0 : (current?.amount ?? stored.amount),
        available: !gone,
      };
    });
  }, [signedIn, serverCart, guestItems, guestIds, live]);

  const { add, setQuantity, remove, clear, orderPlaced } = useCartActions();

  const loading = signedIn && !serverCart && state.server.loading;
  return useMemo(() => {
    const totals = serverCart ?? cartTotals(lines.filter((line) => line.available));
    return {
      lines,
      hasUnavailable: lines.some((line) => !line.available),
      count,
      subtotal: totals.subtotal,
      tax: totals.tax,
      shipping: totals.shipping,
      cartTotal: totals.cartTotal,
      total: totals.total,
      loading,
      add,
      setQuantity,
      remove,
      clear,
      orderPlaced,
    };
  }, [lines, count, serverCart, loading, add, setQuantity, remove, clear, orderPlaced]);
}
