import { useSyncExternalStore } from 'react';
import { MAX_CART_LINES, planAdd, type AddOutcome } from './cart-math';

/** Spec §9: a guest's cart lives in localStorage under `cart`. */
export const GUEST_CART_KEY = 'cart';

/** What a guest cart line keeps of its product, so the cart shows without asking the server. */
export type GuestProduct = {
  _id: string;
  name: string;
  salePrice: number;
  amount: number;
  imageUrl?: string | null;
};

export type GuestCartItem = { product: GuestProduct; quantity: number };

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedItems: GuestCartItem[] = [];

function parse(raw: string | null): GuestCartItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is GuestCartItem =>
        typeof item?.product?._id === 'string' && typeof item.quantity === 'number' && item.quantity > 0,
    );
  } catch {
    return [];
  }
}

/** The stored guest items; the same array until the stored value changes. */
export function getGuestCart(): GuestCartItem[] {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(GUEST_CART_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = parse(raw);
  }
  return cachedItems;
}

function save(items: GuestCartItem[]): void {
  if (items.length) localStorage.setItem(GUEST_CART_KEY, JSON.stringify(items));
  else localStorage.removeItem(GUEST_CART_KEY);
  listeners.forEach((notify) => notify());
}

/**
 * Adds units of a product; a line never goes above 3 (spec §5) nor above the stock, and a new line only while the cart
 * holds fewer than MAX_CART_LINES (what a login merges). Says how many fitted.
 */
export function addGuestItem(product: GuestProduct, quantity: number): AddOutcome {
  const items = getGuestCart();
  const existing = items.find((item) => item.product._id === product._id);
  if (!existing && items.length >= MAX_CART_LINES)
    return { asked: quantity, added: 0, stock: product.amount, limit: 'lines' };
  const outcome = planAdd(existing?.quantity ?? 0, quantity, product.amount);
  if (existing) {
    save(items.map((item) => (item === existing ? { product, quantity: existing.quantity + outcome.added } : item)));
  } else if (outcome.added > 0) {
    save([...items, { product, quantity: outcome.added }]);
  }
  return outcome;
}

export function setGuestQuantity(productId: string, quantity: number): void {
  save(getGuestCart().map((item) => (item.product._id === productId ? { ...item, quantity } : item)));
}

export function removeGuestItem(productId: string): void {
  save(getGuestCart().filter((item) => item.product._id !== productId));
}

export function clearGuestCart(): void {
  save([]);
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_CART_KEY || event.key === null) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

/** The guest cart, re-rendering on every change (here or in another tab). */
export function useGuestCart(): GuestCartItem[] {
  return useSyncExternalStore(subscribe, getGuestCart, () => cachedItems);
}
