import type { OrderDetailInput } from '../../gql/graphql';

/**
 * A card payment Stripe took whose order was not confirmed (the answer to Place Order was lost, or the tab was left or
 * reloaded in between). It is kept for this tab until the order is placed with it, so the next step finishes that
 * order instead of charging the card again; the server places an intent's order once, however often it is asked
 * (the webhook may have placed it meanwhile).
 */
export type PaidIntent = { userId: string; intentId: string; orderDetail: OrderDetailInput };

const KEY = 'checkoutPaidIntent';

/** The paid intent left by this user in this tab, if any. */
export function readPaidIntent(userId: string): PaidIntent | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PaidIntent | null;
    return stored?.userId === userId && typeof stored.intentId === 'string' ? stored : undefined;
  } catch {
    return undefined; // not ours to read: as if none
  }
}

export function keepPaidIntent(paid: PaidIntent): void {
  sessionStorage.setItem(KEY, JSON.stringify(paid));
}

export function forgetPaidIntent(): void {
  sessionStorage.removeItem(KEY);
}
