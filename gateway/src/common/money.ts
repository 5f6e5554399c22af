/** Money is integer cents everywhere inside; the API speaks dollars with 2 decimals. */

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents as people read them in mail and messages: "$49.55". */
export function dollarsText(cents: number): string {
  return `$${toDollars(cents).toFixed(2)}`;
}

/** Whole dollars as people read a limit: "$100,000". */
export function wholeDollarsText(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}

/** The price after a percentage discount (0..100), rounded to the cent. */
export function discountedCents(cents: number, discountPercent: number): number {
  const percent = Math.min(100, Math.max(0, discountPercent));
  return Math.round((cents * (100 - percent)) / 100);
}
