import { discountedCents } from '../../common/money';

/** Spec §9: tax is 10 % of the subtotal; shipping is a flat 5.00 when anything is bought. */
export const TAX_PERCENT = 10;
export const SHIPPING_CENTS = 500;
export const MAX_LINE_QUANTITY = 3;
/** The most lines (products) a cart holds, a guest's as a signed-in one's: what a login merge and a price lookup take. */
export const MAX_CART_LINES = 100;

export type PricedLine = { priceCents: number; discount: number; quantity: number };

export type Totals = {
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  /** Checkout total: subtotal + tax + shipping. */
  totalCents: number;
  /** The cart page's total: subtotal + tax, no shipping. */
  cartTotalCents: number;
};

/** Every total of a cart or an order, in cents, from the lines' sale prices. */
export function totalsOf(lines: PricedLine[]): Totals {
  const subtotalCents = lines.reduce(
    (sum, line) => sum + discountedCents(line.priceCents, line.discount) * line.quantity,
    0,
  );
  const taxCents = Math.round((subtotalCents * TAX_PERCENT) / 100);
  const shippingCents = lines.length > 0 ? SHIPPING_CENTS : 0;
  return {
    subtotalCents,
    taxCents,
    shippingCents,
    totalCents: subtotalCents + taxCents + shippingCents,
    cartTotalCents: subtotalCents + taxCents,
  };
}
