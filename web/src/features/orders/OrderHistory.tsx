import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { Notice } from '../../components/Notice';
import { OrderCard } from './OrderCard';
import { useCancelOrder } from './use-cancel-order';

export const OrderHistoryOrders = graphql(`
  query OrderHistoryOrders {
    myOrders {
      ...OrderCard_order
    }
  }
`);

/** The Order History tab: the customer's orders, newest first; undelivered ones can be cancelled. */
export function OrderHistory() {
  const { data, loading, error } = useQuery(OrderHistoryOrders, { fetchPolicy: 'cache-and-network' });
  const { cancelOrder, error: cancelError } = useCancelOrder(['AllOrdersList']);
  if (error) console.error('Loading orders failed', error);
  const orders = data?.myOrders ?? [];
  if (loading && !data) return <Spinner color="brand.solid" aria-label="Loading orders" />;
  return (
    <Stack gap="4">
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
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => void cancelOrder(order.id)}>
                  Cancel order
                </Button>
              )
            }
          />
        ))
      )}
    </Stack>
  );
}
