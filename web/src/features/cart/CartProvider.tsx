import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { useCurrentUser } from '../../lib/auth';
import { cartTotals, type CartTotals } from './cart-math';
import {
  addGuestItem,
  clearGuestCart,
  getGuestCart,
  removeGuestItem,
  setGuestQuantity,
  useGuestCart,
  type GuestProduct,
} from './guest-cart';

graphql(`
  fragment CartProvider_cart on Cart {
    id
    itemCount
    subtotal
    tax
    shipping
    cartTotal
    total
    items {
      id
      quantity
      unitPrice
      lineTotal
      product {
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
  }
`);

const CartProviderCart = graphql(`
  query CartProviderCart {
    cart {
      ...CartProvider_cart
    }
  }
`);

const CartProviderAdd = graphql(`
  mutation CartProviderAdd($productId: ID!, $quantity: Int!) {
    addToCart(productId: $productId, quantity: $quantity) {
      ...CartProvider_cart
    }
  }
`);

const CartProviderUpdate = graphql(`
  mutation CartProviderUpdate($productId: ID!, $quantity: Int!) {
    updateCartItem(productId: $productId, quantity: $quantity) {
      ...CartProvider_cart
    }
  }
`);

const CartProviderRemove = graphql(`
  mutation CartProviderRemove($productId: ID!) {
    removeFromCart(productId: $productId) {
      ...CartProvider_cart
    }
  }
`);

const CartProviderClear = graphql(`
  mutation CartProviderClear {
    clearCart {
      ...CartProvider_cart
    }
  }
`);

const CartProviderMerge = graphql(`
  mutation CartProviderMerge($items: [GuestCartItemInput!]!) {
    mergeGuestCart(items: $items) {
      ...CartProvider_cart
    }
  }
`);

/** One cart line as every view shows it, whoever keeps the cart. */
export type CartLine = {
  productId: string;
  name: string;
  imageUrl?: string | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  stock: number;
};

export type CartApi = CartTotals & {
  lines: CartLine[];
  /** Units in the cart, for the badge. */
  count: number;
  loading: boolean;
  /** Rejects with the server's error when the server refuses. */
  add: (product: GuestProduct, quantity?: number) => Promise<void>;
  setQuantity: (productId: string, quantity: number) => Promise<void>;
  remove: (productId: string) => Promise<void>;
  clear: () => Promise<void>;
  /** After an order: the server emptied the cart, so forget the cached one. */
  forget: () => void;
};

const CartContext = createContext<CartApi | null>(null);

/**
 * The cart for everyone: guests keep it in localStorage, signed-in users on the server. When a
 * user appears with guest items, they are merged once (spec §4: an empty server cart takes them,
 * otherwise they are dropped) and the local copy removed; the server cart is fetched after.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const guestItems = useGuestCart();
  const client = useApolloClient();
  const merging = Boolean(user) && guestItems.length > 0;
  const { data, loading } = useQuery(CartProviderCart, { skip: !user || merging });
  const [addMutation] = useMutation(CartProviderAdd);
  const [updateMutation] = useMutation(CartProviderUpdate);
  const [removeMutation] = useMutation(CartProviderRemove);
  const [clearMutation] = useMutation(CartProviderClear);
  const [mergeMutation] = useMutation(CartProviderMerge);

  const mergedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user || !merging || mergedFor.current === user.token) return;
    mergedFor.current = user.token;
    const items = getGuestCart().map((item) => ({ productId: item.product._id, quantity: item.quantity }));
    mergeMutation({ variables: { items } })
      .catch((e: unknown) => console.error('Cart sync failed', e))
      .finally(clearGuestCart);
  }, [user, merging, mergeMutation]);

  const serverCart = user ? data?.cart : undefined;
  const lines = useMemo<CartLine[]>(() => {
    if (user) {
      return (serverCart?.items ?? []).map((item) => ({
        productId: item.product.id,
        name: item.product.name,
        imageUrl: item.product.images[0]?.smallUrl,
        unitPrice: item.unitPrice,
        quantity: item.quantity,
        lineTotal: item.lineTotal,
        stock: item.product.amount,
      }));
    }
    return guestItems.map(({ product, quantity }) => ({
      productId: product._id,
      name: product.name,
      imageUrl: product.imageUrl,
      unitPrice: product.salePrice,
      quantity,
      lineTotal: Math.round(product.salePrice * 100 * quantity) / 100,
      stock: product.amount,
    }));
  }, [user, serverCart, guestItems]);

  const signedIn = Boolean(user);
  const add = useCallback(
    async (product: GuestProduct, quantity = 1) => {
      if (signedIn) await addMutation({ variables: { productId: product._id, quantity } });
      else addGuestItem(product, quantity);
    },
    [signedIn, addMutation],
  );
  const setQuantity = useCallback(
    async (productId: string, quantity: number) => {
      if (signedIn) await updateMutation({ variables: { productId, quantity } });
      else setGuestQuantity(productId, quantity);
    },
    [signedIn, updateMutation],
  );
  const remove = useCallback(
    async (productId: string) => {
      if (signedIn) await removeMutation({ variables: { productId } });
      else removeGuestItem(productId);
    },
    [signedIn, removeMutation],
  );
  const clear = useCallback(async () => {
    if (signedIn) await clearMutation();
    else clearGuestCart();
  }, [signedIn, clearMutation]);
  const forget = useCallback(() => {
    client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'cart' });
    client.cache.gc();
  }, [client]);

  const value = useMemo<CartApi>(() => {
    const totals = serverCart ?? cartTotals(lines);
    return {
      lines,
      count: serverCart ? serverCart.itemCount : lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotal: totals.subtotal,
      tax: totals.tax,
      shipping: totals.shipping,
      cartTotal: totals.cartTotal,
      total: totals.total,
      loading: signedIn && (loading || merging) && !serverCart,
      add,
      setQuantity,
      remove,
      clear,
      forget,
    };
  }, [lines, serverCart, signedIn, loading, merging, add, setQuantity, remove, clear, forget]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The current cart and its actions (inside CartProvider). */
export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart needs a CartProvider');
  return cart;
}
