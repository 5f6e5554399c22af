import type { CheckoutValues } from './checkout-schema';

/**
 * What the customer typed into the checkout form, kept for this tab until the order is placed: going back to the cart
 * to change a quantity (or a reload) does not lose the address. The payment choice is not kept: choosing card is what
 * loads Stripe.js.
 */
type Details = Omit<CheckoutValues, 'paymentMethod'>;
const KEY = 'checkoutDraft';
const FIELDS = ['fullName', 'email', 'phone', 'address', 'city', 'zip', 'notes'] as const;

/** The details this user left in this tab's checkout, if any. */
export function readCheckoutDraft(userId: string): Partial<Details> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { userId?: string; details?: object } | null;
    if (stored?.userId !== userId || !stored.details) return {};
    const details = stored.details as Record<string, unknown>;
    return Object.fromEntries(FIELDS.filter((f) => typeof details[f] === 'string').map((f) => [f, details[f]]));
  } catch {
    return {}; // not ours to read: as if none
  }
}

export function keepCheckoutDraft(userId: string, values: CheckoutValues): void {
  const details = Object.fromEntries(FIELDS.map((f) => [f, values[f]]));
  sessionStorage.setItem(KEY, JSON.stringify({ userId, details }));
}

export function forgetCheckoutDraft(): void {
  sessionStorage.removeItem(KEY);
}
