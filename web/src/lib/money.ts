const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** USD with 2 decimals, as every price in the shop is shown (spec §2). */
export function formatPrice(value: number): string {
  return usd.format(value);
}

/** A stored price as a form's price field starts with it: 2 decimals, "2.50" rather than "2.5". */
export function priceFieldValue(value: number): string {
  return value.toFixed(2);
}
