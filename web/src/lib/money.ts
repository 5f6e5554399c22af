const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Whole dollars with thousands separated ("$22,000"), for a chart's axis. */
export function formatWholeDollars(value: number): string {
  return wholeUsd.format(value);
}

/** USD with 2 decimals, as every price in the shop is shown (spec §2). */
export function formatPrice(value: number): string {
  return usd.format(value);
}

/** A stored price as a form's price field starts with it: 2 decimals, "2.50" rather than "2.5". */
export function priceFieldValue(value: number): string {
  return value.toFixed(2);
}

/**
 * Within float noise of a whole number of cents, as the API checks a price: 0.001 would be a free product. The noise is
 * relative to the price, so the tolerance is too: a fixed one would take 0.000000001 as 0.
 */
export function isWholeCents(dollars: number): boolean {
  const cents = dollars * 100;
  const whole = Math.round(cents);
  return whole === 0 ? dollars === 0 : Math.abs(cents - whole) <= Math.abs(whole) * 1e-12;
}

export const WHOLE_CENTS_MESSAGE = 'Price must be in whole cents.';
