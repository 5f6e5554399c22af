import { useState } from 'react';
import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { Notice } from '../../components/Notice';
import { Pager } from '../../components/Pager';
import { OrderCard } from './OrderCard';
import { useCancelOrder } from './use-cancel-order';
import { useFocusFallback } from '../../lib/use-focus-fallback';

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
  const { data, loading, error } = useQuery(OrderHistoryOrders, {
    variables: { page },
    fetchPolicy: 'cache-and-network',
  });
  // A cancelled order loses its Cancel button: the keyboard stays in the list.
  const listRef = useFocusFallback<HTMLDivElement>();
  const { cancelOrder, error: cancelError } = useCancelOrder(['AllOrdersList']);
  if (error) console.error('Loading orders failed', error);
  const list = data?.myOrders;
  const orders = list?.orders ?? [];
  if (loading && !data) return <Spinner color="brand.solid" aria-label="Loading orders" />;
  return (
    <Stack ref={listRef} tabIndex={-1} outline="none" role="group" aria-label="Order history" gap="4">
      {cancelError && <Notice status="error">{cancelError}</Notice>}
      {orders.length === 0 ? (
        <Text color="fg.muted">No orders found.</Text>
      ) : (
        orders.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            actions={
              order.canCancel && (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Cancel order #${order.displayId}`}
                  onClick={() => void cancelOrder(order.id)}
                >
                  Cancel order
                </Button>
              )
            }
          />
        ))
      )}
      {list && <Pager page={page} totalPages={list.totalPages} onPageChange={setPage} label="Order history pages" />}
    </Stack>
  );
}
