import { Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { Notice } from '../../components/Notice';
import { ListArea } from '../../components/ListArea';
import { Pager } from '../../components/Pager';
import { CancelOrderButton, OrderCard } from './OrderCard';
import { useCancelOrder } from './use-cancel-order';
import { useLoggedFailure } from '../../lib/errors';
import { readPage, useLastPageInstead, useUrlView, type UrlView } from '../../lib/url-view';
import { useAnnounceResults } from '../../lib/use-announce-results';

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

/**
 * The list's page in the URL (`/profile?tab=orders&mypage=2`), so a reload, coming Back or a shared link shows it
 * again. Not `page`: that is the admin's All orders, in another tab of the profile, and the tabs keep each other's
 * parameters.
 */
const HISTORY_VIEW: UrlView<{ page: number }> = {
  read: (params) => ({ page: readPage(params.get('mypage')) }),
  write: ({ page }) => ({ mypage: page > 1 ? String(page) : undefined }),
};

/** The Order History tab: the customer's orders, newest first, 5 a page; undelivered ones can be cancelled. */
export function OrderHistory() {
  // Each page is a history entry of its own, as in the admin's lists: Back steps back through the pages looked at.
  const [{ page }, update] = useUrlView(HISTORY_VIEW);
  const { data, previousData, loading, error, refetch } = useQuery(OrderHistoryOrders, {
    variables: { page },
    fetchPolicy: 'cache-and-network',
  });
  useLoggedFailure('Loading orders failed', error);
  // Its own list too, read again after a cancel: after a failed one above all, as the order may be cancelled all the same
  // (an answer lost after the server acted) or changed meanwhile.
  const { cancelOrder, cancelling, error: cancelError } = useCancelOrder(['AllOrdersList', 'OrderHistoryOrders']);
  // The rows stay while another page loads: the pager button pressed keeps the keyboard.
  const list = (data ?? previousData)?.myOrders;
  const orders = list?.orders ?? [];
  useAnnounceResults(
    String(page),
    data && !loading ? { rows: data.myOrders.orders.length, page, totalPages: data.myOrders.totalPages } : undefined,
    { one: 'order', many: 'orders' },
  );
  // A link past the last page (typed, or kept from another account's longer history) shows the last page, in place of
  // the empty one in the history.
  useLastPageInstead(
    page,
    data && !loading ? { rows: data.myOrders.orders.length, totalPages: data.myOrders.totalPages } : undefined,
    (p, options) => update({ page: p }, options),
  );
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
            <Pager
              page={page}
              totalPages={list.totalPages}
              onPageChange={(p) => update({ page: p })}
              label="Order history pages"
            />
          )}
        </Stack>
      </ListArea>
    </Stack>
  );
}
