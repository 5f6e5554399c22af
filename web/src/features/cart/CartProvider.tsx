import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { useGuestCart, type GuestCartItem } from './guest-cart';
import type { ServerCartState } from './server-cart';

// The server cart (its query, merge and mutations) loads only for a signed-in user; lines, totals
// and actions are derived in use-cart, which only lazily loaded pages import. This provider is in
// the initial bundle for the top bar's badge, so it holds the raw state, and for a guest what the
// cart views last counted against the stock (they report it, so the badge counts what they count).
const ServerCartSync = lazy(() => import('./server-cart').then((m) => ({ default: m.ServerCartSync })));

export type CartState = {
  signedIn: boolean;
  guestItems: GuestCartItem[];
  server: ServerCartState;
  /** Units in the cart, for the badge; unknown while a signed-in cart is first loading (or could not be). */
  count: number | undefined;
  /** A cart view tells how many units these guest items count against the stock it fetched. */
  reportGuestCount: (items: GuestCartItem[], count: number) => void;
  /** What the login merge left out or cut from the guest's cart, until the customer closes it or moves on. */
  mergeNotice?: string;
  dismissMergeNotice: () => void;
};

export const CartContext = createContext<CartState | null>(null);

/** A guest's units as a cart view last counted them, while that count is about these very items (the stored array). */
function guestUnits(items: GuestCartItem[], counted: { items: GuestCartItem[]; count: number } | undefined): number {
  if (counted?.items === items) return counted.count;
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The cart for everyone: guests keep it in localStorage (`cart`), signed-in users on the server. */
export function CartProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const guestItems = useGuestCart();
  const [seen, setServer] = useState<ServerCartState>({ loading: true });
  const [mergeNotice, setMergeNotice] = useState<string>();
  const dismissMergeNotice = useCallback(() => setMergeNotice(undefined), []);
  const signedIn = Boolean(user);
  const [counted, setCounted] = useState<{ items: GuestCartItem[]; count: number }>();
  const reportGuestCount = useCallback(
    (items: GuestCartItem[], count: number) =>
      setCounted((last) => (last?.items === items && last.count === count ? last : { items, count })),
    [],
  );
  const server = useMemo<ServerCartState>(
    () => (user && seen.userKey === user.token ? seen : { loading: true }),
    [user, seen],
  );

  const value = useMemo<CartState>(
    () => ({
      signedIn,
      guestItems,
      server,
      count: signedIn ? server.cart?.itemCount : guestUnits(guestItems, counted),
      reportGuestCount,
      mergeNotice,
      dismissMergeNotice,
    }),
    [signedIn, guestItems, server, counted, reportGuestCount, mergeNotice, dismissMergeNotice],
  );

  return (
    <CartContext.Provider value={value}>
      {user && (
        <Suspense fallback={null}>
          <ServerCartSync
            key={user.token}
            userKey={user.token}
            hasGuestItems={guestItems.length > 0}
            onChange={setServer}
            onMerged={setMergeNotice}
          />
        </Suspense>
      )}
      {children}
    </CartContext.Provider>
  );
}

/** Units in the cart, for the badge; undefined until a signed-in customer's cart has come. */
export function useCartCount(): number | undefined {
  return useContext(CartContext)?.count;
}

/** The login merge's notice for the layout, and how to close it. */
export function useCartMergeNotice(): Pick<CartState, 'mergeNotice' | 'dismissMergeNotice'> {
  const state = useContext(CartContext);
  return { mergeNotice: state?.mergeNotice, dismissMergeNotice: state?.dismissMergeNotice ?? noop };
}

const noop = () => {};
