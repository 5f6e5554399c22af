import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_CART_LINES, MAX_CART_QUANTITY, stockNote, type AddOutcome } from './cart-math';
import { useCartActions } from './use-cart';
import { announce } from '../../lib/announce';
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
 * What the button says for 2 s after an add: 'Added!' (spec §4) when every unit asked for went in; otherwise which cap
 * stopped them, so an add that added nothing (or less) is never confirmed as if it had.
 */
export function addedLabel({ asked, added, stock, limit }: AddOutcome): string {
  if (!limit) return 'Added!';
  const reason =
    limit === 'max'
      ? `Max ${MAX_CART_QUANTITY} per product`
      : limit === 'lines'
        ? `Cart full: ${MAX_CART_LINES} products`
        : stockNote(stock);
  return added === 0 ? reason : `Added ${added} of ${asked}. ${reason}`;
}

/**
 * Spec §4's Add to Cart button: idle, 'Adding...' while the add runs, then for 2 s what the add did ('Added!', or the
 * cap that stopped it), also said to screen readers. `add` rejects with the failure so each caller reports it its own way (§8).
 */
export function useAddToCart() {
  const cart = useCartActions();
  const [state, setState] = useState<'idle' | 'adding' | AddOutcome>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const add = useCallback(
    async (product: GuestProduct, quantity = 1) => {
      clearTimeout(timer.current);
      setState('adding');
      try {
        const outcome = await cart.add(product, quantity);
        setState(outcome);
        // The button says so for 2 s; a screen reader is told in words that stand alone.
        announce(outcome.limit ? `${product.name}: ${addedLabel(outcome)}` : `${product.name} added to cart.`);
        timer.current = setTimeout(() => setState('idle'), ADDED_MS);
      } catch (e) {
        setState('idle');
        throw e;
      }
    },
    [cart],
  );
  const label = state === 'adding' ? 'Adding...' : state === 'idle' ? 'Add to Cart' : addedLabel(state);
  return { add, label, adding: state === 'adding' };
}
