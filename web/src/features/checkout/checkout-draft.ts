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

/**
 * What a returning customer's last order fills in on a checkout that starts afresh (`opened`: no draft in this tab,
 * nothing typed yet): the name it was addressed to in place of the username, its address as a whole (street, city and
 * ZIP together, never a street from one order and a city from another), and its phone where the profile has none. The
 * e-mail stays the account's. Once filled, the draft keeps the form as the customer leaves it, emptied fields too.
 */
export function fromLastOrder(opened: Details, last: LastDetail): Partial<Details> {
  const fill: Partial<Details> = {};
  if (last.fullName.trim()) fill.fullName = last.fullName;
  if (!opened.phone.trim() && last.phone.trim()) fill.phone = last.phone;
  if (last.address.trim() && last.city.trim() && last.zip.trim()) {
    Object.assign(fill, { address: last.address, city: last.city, zip: last.zip });
  }
  return fill;
}
