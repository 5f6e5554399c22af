import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { Notice } from '../../components/Notice';
import { ListArea } from '../../components/ListArea';
import { Pager } from '../../components/Pager';
import { CancelOrderButton, OrderCard } from './OrderCard';
import { useCancelOrder } from './use-cancel-order';
import { useLoggedFailure } from '../../lib/errors';

export const OrderHistoryOrders = graphql(`
  query OrderHistoryOrders($page: Int!) {
    myOrders(page: $page) {
      totalPages
      orders {
        ...OrderCard_order
      }
    }
  }
`);

/** The Order History tab: the customer's orders, newest first, 5 a page; undelivered ones can be cancelled. */
export function OrderHistory() {
  const [page, setPage] = useState(1);
  const { data, previousData, loading, error, refetch } = useQuery(OrderHistoryOrders, {
    variables: { page },
    fetchPolicy: 'cache-and-network',
  });
  useLoggedFailure('Loading orders failed', error);
  const { cancelOrder, cancelling, error: cancelError } = useCancelOrder(['AllOrdersList']);
  // The rows stay while another page loads: the pager button pressed keeps the keyboard.
  const list = (data ?? previousData)?.myOrders;
  const orders = list?.orders ?? [];
  return (
    <Stack gap="4">
      {cancelError && <Notice status="error">{cancelError}</Notice>}
      <ListArea
        label="Order history"
        loading={loading && !list}
        busy={loading}
        empty={orders.length === 0}
        emptyText="No orders found."
        failed={error && { message: 'Failed to load your orders.', retry: () => refetch() }}
      >
        <Stack gap="4">
          {orders.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              actions={
                order.canCancel && (
                  <CancelOrderButton
                    order={order}
                    onCancel={(id) => cancelOrder(id, order.displayId)}
                    cancelling={cancelling}
                  />
                )
              }
            />
          ))}
          {list && (
            <Pager page={page} totalPages={list.totalPages} onPageChange={setPage} label="Order history pages" />
          )}
        </Stack>
      </ListArea>
    </Stack>
  );
}
