/** Spec §9: a cart line holds 1 to 3 units; tax is 10 % of the subtotal; shipping a flat 5 when not empty. */
export const MIN_CART_QUANTITY = 1;
export const MAX_CART_QUANTITY = 3;
/** The most lines (products) a cart holds, as the server's cart does. */
export const MAX_CART_LINES = 100;
const TAX_RATE = 0.1;
const SHIPPING = 5;

export type CartTotals = { subtotal: number; tax: number; shipping: number; cartTotal: number; total: number };

const cents = (usd: number) => Math.round(usd * 100);

/** The most units a line may hold: 3 (spec §5), and never more than the stock. */
export function lineCap(stock: number): number {
  return Math.max(0, Math.min(MAX_CART_QUANTITY, stock));
}

/** What a line (or an add) says when the stock is what stops it: 'Out of stock', or 'Only N left'. */
export function stockNote(stock: number): string {
  return stock < 1 ? 'Out of stock' : `Only ${stock} left`;
}

/** What an Add to Cart did: the units asked for and added, and when fewer were added, which cap stopped the rest. */
export type AddOutcome = { asked: number; added: number; stock: number; limit?: 'max' | 'stock' | 'lines' };

/** An add that put `added` of the `asked` units in the line; fewer means a cap stopped the rest. */
export function addOutcome(asked: number, added: number, stock: number): AddOutcome {
  if (added >= asked) return { asked, added, stock };
  return { asked, added, stock, limit: stock < MAX_CART_QUANTITY ? 'stock' : 'max' };
}

/** How many of `asked` units fit a line already holding `inCart` of a product with `stock` left. */
export function planAdd(inCart: number, asked: number, stock: number): AddOutcome {
  return addOutcome(asked, Math.max(0, Math.min(asked, lineCap(stock) - inCart)), stock);
}

/** The guest cart's totals, computed in cents like the server's, so both carts show the same figures. */
export function cartTotals(lines: { unitPrice: number; quantity: number }[]): CartTotals {
  const subtotal = lines.reduce((sum, line) => sum + cents(line.unitPrice) * line.quantity, 0);
  const tax = Math.round(subtotal * TAX_RATE);
  const shipping = lines.length ? cents(SHIPPING) : 0;
  return {
    subtotal: subtotal / 100,
    tax: tax / 100,
    shipping: shipping / 100,
    cartTotal: (subtotal + tax) / 100,
    total: (subtotal + tax + shipping) / 100,
  };
}
