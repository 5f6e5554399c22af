const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** USD with 2 decimals, as every price in the shop is shown (spec §2). */
export function formatPrice(value: number): string {
  return usd.format(value);
}
