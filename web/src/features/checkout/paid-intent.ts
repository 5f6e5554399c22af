import type { OrderDetailInput } from '../../gql/graphql';
import { forget, keepForUser, readForUser } from '../../lib/tab-storage';

/**
 * A card payment Stripe took whose order was not confirmed (the answer to Place Order was lost, or the tab was left or
 * reloaded in between). It is kept for this tab until the order is placed with it, so the next step finishes that
 * order instead of charging the card again; the server places an intent's order once, however often it is asked
 * (the webhook may have placed it meanwhile).
 */
export type PaidIntent = { intentId: string; orderDetail: OrderDetailInput };

const KEY = 'checkoutPaidIntent';

/** The paid intent left by this user in this tab, if any. */
export function readPaidIntent(userId: string): PaidIntent | undefined {
  const paid = readForUser(KEY, userId) as Partial<PaidIntent> | undefined;
  return typeof paid?.intentId === 'string' && paid.orderDetail ? (paid as PaidIntent) : undefined;
}

export function keepPaidIntent(userId: string, paid: PaidIntent): void {
  keepForUser(KEY, userId, paid);
}

export function forgetPaidIntent(): void {
  forget(KEY);
}
