import { forget, keepForUser, readForUser } from '../../lib/tab-storage';
import type { CheckoutValues } from './checkout-schema';

/**
 * What the customer typed into the checkout form, kept for this tab until the order is placed: going back to the cart
 * to change a quantity (or a reload) does not lose the address. The payment choice is not kept: choosing card is what
 * loads Stripe.js.
 */
type Details = Omit<CheckoutValues, 'paymentMethod'>;
const KEY = 'checkoutDraft';
const FIELDS = ['fullName', 'email', 'phone', 'address', 'city', 'zip', 'notes'] as const;

/** The details this user left in this tab's checkout (only those still text), if any. */
export function readCheckoutDraft(userId: string): Partial<Details> {
  const draft = (readForUser(KEY, userId) ?? {}) as Record<string, unknown>;
  return Object.fromEntries(FIELDS.filter((f) => typeof draft[f] === 'string').map((f) => [f, draft[f]]));
}

export function keepCheckoutDraft(userId: string, values: CheckoutValues): void {
  keepForUser(KEY, userId, Object.fromEntries(FIELDS.map((f) => [f, values[f]])));
}

export function forgetCheckoutDraft(): void {
  forget(KEY);
}

/** The details of the customer's last order that a new checkout starts from. */
export type LastDetail = Pick<Details, 'fullName' | 'phone' | 'address' | 'city' | 'zip'>;
const FROM_LAST_ORDER = ['fullName', 'phone', 'address', 'city', 'zip'] as const;

/**
 * What a returning customer's last order fills in: each of its name, phone and address fields still as the form opens
 * without a draft (`opened`: the username as the name, the profile's phone, the rest empty), so nothing typed, kept
 * from this tab or set in the profile is replaced. The name replaces the username: it is what the last parcel was
 * addressed to. The e-mail stays the account's.
 */
export function fromLastOrder(values: Details, opened: Details, last: LastDetail): Partial<Details> {
  return Object.fromEntries(
    FROM_LAST_ORDER.filter(
      (f) => last[f].trim() && values[f] === opened[f] && (f === 'fullName' || !opened[f].trim()),
    ).map((f) => [f, last[f]]),
  );
}
