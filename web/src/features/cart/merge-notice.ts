import type { ServerCart_CartFragment } from '../../gql/graphql';
import { lineCap, MAX_CART_QUANTITY } from './cart-math';
import type { GuestCartItem } from './guest-cart';

/** The heading of the notice a customer gets when logging in changed the cart they had as a guest. */
export const MERGE_NOTICE_TITLE = 'Your cart changed when you logged in';

type MergedLine = Pick<ServerCart_CartFragment['items'][number], 'productId' | 'quantity'> & {
  product: { amount: number } | null;
};

/**
 * What the customer is told after the login merge (spec §4), from the guest's lines and the cart the merge answered;
 * nothing when every line came across whole. An empty server cart takes the guest's lines, each capped at 3 and at
 * the stock, sold-out or deleted ones left out; a line that rule could not have made means the account's own cart
 * was kept and the guest's lines were dropped.
 */
export function mergeNotice(guest: GuestCartItem[], merged: MergedLine[]): string | undefined {
  const wanted = new Map<string, { name: string; quantity: number }>();
  for (const { product, quantity } of guest) {
    wanted.set(product._id, { name: product.name, quantity: (wanted.get(product._id)?.quantity ?? 0) + quantity });
  }
  const inCart = new Map(merged.map((line) => [line.productId, line]));
  const short = [...wanted].filter(([id, want]) => (inCart.get(id)?.quantity ?? 0) < want.quantity);
  if (short.length === 0) return undefined;

  const keptOwn = merged.some((line) => {
    const want = wanted.get(line.productId);
    return !want || !line.product || line.quantity !== Math.min(want.quantity, lineCap(line.product.amount));
  });
  if (keptOwn) {
    const names = short.map(([, want]) => want.name).join(', ');
    return `Your account already had a cart, so it was kept and these were not added: ${names}.`;
  }
  return short
    .map(([id, { name }]) => {
      const line = inCart.get(id);
      if (!line) return `${name} is no longer available and was removed.`;
      if (line.quantity === MAX_CART_QUANTITY)
        return `Max ${MAX_CART_QUANTITY} per product: your cart has ${MAX_CART_QUANTITY} of ${name}.`;
      return `Only ${line.quantity} of ${name} left in stock, so your cart has ${line.quantity}.`;
    })
    .join(' ');
}
