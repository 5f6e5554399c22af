import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';
import { announce } from '../../lib/announce';
import { logFailure, serverMessage } from '../../lib/errors';
import { useConfirmedAction } from '../../lib/use-confirmed-action';

export const OrderCancel = graphql(`
  mutation OrderCancel($id: ID!) {
    cancelOrder(id: $id) {
      id
      status
      canCancel
    }
  }
`);

export const CANCEL_ORDER_PROMPT = 'Are you sure you want to cancel this order?';
export const CANCEL_ORDER_FAILED = 'Could not cancel order';

/** What the server answers when the order was cancelled first by someone else (or by this page, in another tab). */
const ALREADY_CANCELLED = 'This order is already cancelled.';

/** What screen readers are told once an order is cancelled, by its short id when the caller gave it. */
const cancelledMessage = (displayId?: string) => (displayId ? `Order #${displayId} cancelled.` : 'Order cancelled.');

/**
 * Cancel after the spec's confirmation; the order updates in place, the stock came back, and screen readers are told
 * (the change shows on the card, not where they are). One cancel at a time (useConfirmedAction), `cancelling` naming
 * its order. An order already cancelled elsewhere is what was asked for: the lists show it, no error is told, and it
 * is said to be cancelled as after a cancel of one's own.
 */
export function useCancelOrder(refetchQueries: string[] = []) {
  const [error, setError] = useState<string>();
  // What the last cancel did ("Order #… cancelled."), for a list where the order may leave the view (a filter).
  const [done, setDone] = useState<string>();
  const { busy: cancelling, run } = useConfirmedAction();
  const client = useApolloClient();
  const [cancel] = useMutation(OrderCancel, {
    update(cache) {
      ['products', 'product', 'featuredProducts'].forEach((fieldName) => cache.evict({ id: 'ROOT_QUERY', fieldName }));
      cache.gc();
    },
    refetchQueries,
  });
  const reload = () => {
    if (refetchQueries.length)
      client
        .refetchQueries({ include: refetchQueries })
        .catch((err: unknown) => logFailure('Reloading the orders failed', err));
  };
  /** `onConfirmed` runs once the cancel is confirmed, before it is asked: the caller's other notices go then. */
  const cancelOrder = (id: string, displayId?: string, onConfirmed?: () => void) =>
    void run(id, CANCEL_ORDER_PROMPT, async () => {
      setError(undefined);
      setDone(undefined);
      onConfirmed?.();
      // Said, and kept for the list to show.
      const cancelled = () => {
        announce(cancelledMessage(displayId));
        setDone(cancelledMessage(displayId));
      };
      try {
        await cancel({ variables: { id } });
        cancelled();
      } catch (e) {
        logFailure('Cancelling the order failed', e);
        if (serverMessage(e) === ALREADY_CANCELLED) cancelled();
        else setError(CANCEL_ORDER_FAILED);
        // The order may have changed meanwhile (delivered, cancelled elsewhere): the lists show what it is now.
        reload();
      }
    });
  return {
    cancelOrder,
    cancelling,
    error,
    /** What the last cancel did, until the next action. */
    cancelled: done,
    /** Forgets the last cancel's error and what it did: another action's notice takes their place. */
    clearNotices: () => {
      setError(undefined);
      setDone(undefined);
    },
  };
}
