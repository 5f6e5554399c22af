import { useCallback, useEffect, useRef, useState } from 'react';
import { useCartActions } from './use-cart';
import type { GuestProduct } from './guest-cart';

export const ADDED_MS = 2000;

/** A product as the add buttons know it, turned into what the guest cart keeps. */
export function cartProductOf(product: {
  id: string;
  name: string;
  salePrice: number;
  amount: number;
  images: { smallUrl: string }[];
}): GuestProduct {
  return {
    _id: product.id,
    name: product.name,
    salePrice: product.salePrice,
    amount: product.amount,
    imageUrl: product.images[0]?.smallUrl ?? null,
  };
}

/**
 * Spec §4's Add to Cart button: idle, 'Adding...' while the add runs, then 'Added!' for 2 s.
 * `add` rejects with the failure so each caller reports it its own way (§8).
 */
export function useAddToCart() {
  const cart = useCartActions();
  const [state, setState] = useState<'idle' | 'adding' | 'added'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const add = useCallback(
    async (product: GuestProduct, quantity = 1) => {
      clearTimeout(timer.current);
      setState('adding');
      try {
        await cart.add(product, quantity);
        setState('added');
        timer.current = setTimeout(() => setState('idle'), ADDED_MS);
      } catch (e) {
        setState('idle');
        throw e;
      }
    },
    [cart],
  );
  const label = state === 'adding' ? 'Adding...' : state === 'added' ? 'Added!' : 'Add to Cart';
  return { add, state, label, adding: state === 'adding' };
}
