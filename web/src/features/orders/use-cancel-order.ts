import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '../../gql';
import { logFailure } from '../../lib/errors';

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

/** Cancel after the spec's confirmation; the order updates in place, the stock came back. */
export function useCancelOrder(refetchQueries: string[] = []) {
  const [error, setError] = useState<string>();
  const client = useApolloClient();
  const [cancel] = useMutation(OrderCancel, {
    update(cache) {
      ['products', 'product', 'featuredProducts'].forEach((fieldName) => cache.evict({ id: 'ROOT_QUERY', fieldName }));
      cache.gc();
    },
    refetchQueries,
  });
  const cancelOrder = async (id: string) => {
    if (!window.confirm(CANCEL_ORDER_PROMPT)) return;
    setError(undefined);
    try {
      await cancel({ variables: { id } });
    } catch (e) {
      logFailure('Cancelling the order failed', e);
      setError(CANCEL_ORDER_FAILED);
      // The order may have changed meanwhile (delivered, cancelled elsewhere): the lists show what it is now.
      if (refetchQueries.length)
        client
          .refetchQueries({ include: refetchQueries })
          .catch((err: unknown) => logFailure('Reloading the orders failed', err));
    }
  };
  return { cancelOrder, error };
}
