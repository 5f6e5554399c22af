export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 3;

/** The quantity field's value: an integer from 1 to 3; anything non-numeric becomes 1 (spec §5). */
export function parseQuantity(text: string): number {
  const n = Math.trunc(Number.parseFloat(text));
  if (Number.isNaN(n)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, n));
}
