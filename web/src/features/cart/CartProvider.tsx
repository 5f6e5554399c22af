import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { useGuestCart, type GuestCartItem } from './guest-cart';
import type { ServerCartState } from './server-cart';

// The server cart (its query, merge and mutations) loads only for a signed-in user; lines, totals
// and actions are derived in use-cart, which only lazily loaded pages import. This provider is in
// the initial bundle for the top bar's badge, so it holds the raw state and nothing more.
const ServerCartSync = lazy(() => import('./server-cart').then((m) => ({ default: m.ServerCartSync })));

export type CartState = {
  signedIn: boolean;
  guestItems: GuestCartItem[];
  server: ServerCartState;
  /** Units in the cart, for the badge. */
  count: number;
};

export const CartContext = createContext<CartState | null>(null);

/** The cart for everyone: guests keep it in localStorage (`cart`), signed-in users on the server. */
export function CartProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const guestItems = useGuestCart();
  const [seen, setServer] = useState<ServerCartState>({ loading: true });
  const signedIn = Boolean(user);
  const server = useMemo<ServerCartState>(
    () => (user && seen.userKey === user.token ? seen : { loading: true }),
    [user, seen],
  );

  const value = useMemo<CartState>(
    () => ({
      signedIn,
      guestItems,
      server,
      count: signedIn ? (server.cart?.itemCount ?? 0) : guestItems.reduce((sum, item) => sum + item.quantity, 0),
    }),
    [signedIn, guestItems, server],
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
          />
        </Suspense>
      )}
      {children}
    </CartContext.Provider>
  );
}

/** Units in the cart, for the badge. */
export function useCartCount(): number {
  return useContext(CartContext)?.count ?? 0;
}
