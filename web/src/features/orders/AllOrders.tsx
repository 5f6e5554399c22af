import { useState } from 'react';
import { Button, Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import type { OrderFilter } from '../../gql/graphql';
import { Notice, NoticeAction } from '../../components/Notice';
import { ListArea } from '../../components/ListArea';
import { Pager } from '../../components/Pager';
import { CancelOrderButton, OrderCard } from './OrderCard';
import { useCancelOrder } from './use-cancel-order';
import { announce } from '../../lib/announce';
import { logFailure, serverMessage, useLoggedFailure } from '../../lib/errors';
import { oneOf, readPage, readSearch, useLastPageInstead, useUrlView, type UrlView } from '../../lib/url-view';
import { useSearchText } from '../../lib/use-search-text';
import { useAnnounceResults } from '../../lib/use-announce-results';

export const AllOrdersList = graphql(`
  query AllOrdersList($search: String, $status: OrderFilter!, $page: Int!, $pageSize: Int!) {
    orders(search: $search, status: $status, page: $page, pageSize: $pageSize) {
      totalPages
      orders {
        ...OrderCard_order
      }
    }
  }
`);

// What a change of an order's delivery changes, as both mutations answer it.
graphql(`
  fragment AllOrders_delivery on Order {
    id
    status
    isDelivered
    deliveredAt
    canCancel
  }
`);

export const AllOrdersDeliver = graphql(`
  mutation AllOrdersDeliver($id: ID!) {
    markOrderDelivered(id: $id, onlyIfOpen: true) {
      ...AllOrders_delivery
    }
  }
`);

export const AllOrdersUndoDelivery = graphql(`
  mutation AllOrdersUndoDelivery($id: ID!, $deliveredAt: DateTimeISO!) {
    undoOrderDelivery(id: $id, deliveredAt: $deliveredAt) {
      ...AllOrders_delivery
    }
  }
`);

/**
 * The order last marked delivered here, whose notice offers Undo; `deliveredAt` is the delivery as the mark answered
 * it (the server refuses to undo another), `undone` once it was taken back.
 */
type Delivered = { id: string; displayId: string; deliveredAt: string; undone?: boolean };

/** Spec §9: the admin search waits 500 ms after the last keystroke. */
export const ORDER_SEARCH_DEBOUNCE_MS = 500;
const PAGE_SIZE = 5;
const FILTERS: OrderFilter[] = ['all', 'paid', 'unpaid', 'undelivered', 'delivered', 'cancelled'];

/** The longest search the server takes (a longer one would fail the list, and its Try again with it). */
const SEARCH_MAX_LENGTH = 100;

/**
 * The list's view in the URL (`/profile?tab=all-orders&status=unpaid&page=4`), so a reload, coming Back or a shared
 * link shows it again. Its names leave the profile's `tab` alone.
 */
const ORDERS_VIEW: UrlView<{ q: string; status: OrderFilter; page: number }> = {
  read: (params) => ({
    q: readSearch(params.get('q'), SEARCH_MAX_LENGTH),
    status: oneOf(params.get('status'), FILTERS) ?? 'all',
    page: readPage(params.get('page')),
  }),
  write: ({ q, status, page }) => ({
    q: q || undefined,
    status: status === 'all' ? undefined : status,
    page: page > 1 ? String(page) : undefined,
  }),
};

/** The admin's All orders tab: search, status filter, pages, mark as delivered and cancel. */
export function AllOrders() {
  // Each search, filter and page is a history entry of its own, as in the shop: Back steps through the lists the
  // admin looked at (from page 4 to page 3, from "unpaid" to every order) like a browser's Back through pages. A
  // search is one entry however often the typing paused.
  const [{ q: search, status, page }, update] = useUrlView(ORDERS_VIEW);
  const [searchText, setSearchText] = useSearchText(search, (q) => update({ q }, 'typed'), ORDER_SEARCH_DEBOUNCE_MS);
  const [deliverError, setDeliverError] = useState<string>();
  // The order being marked: its button is busy meanwhile, so a double click sends one request.
  const [delivering, setDelivering] = useState<string>();
  const [delivered, setDelivered] = useState<Delivered>();
  const [undoing, setUndoing] = useState(false);

  const { data, previousData, loading, error, refetch } = useQuery(AllOrdersList, {
    variables: { search: search || null, status, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });

  useLoggedFailure('Loading orders failed', error);
  const {
    cancelOrder,
    cancelling,
    error: cancelError,
    cancelled,
    clearNotices: clearCancelNotices,
  } = useCancelOrder(['AllOrdersList', 'OrderHistoryOrders']);
  // Each waits for the list read again after it: an Undo pressed while the mark's read is still out would share that
  // read (Apollo sends one request for both), whose answer, from before the undo, would show the order delivered.
  const [deliver] = useMutation(AllOrdersDeliver, { refetchQueries: ['AllOrdersList'], awaitRefetchQueries: true });
  const [undoDelivery] = useMutation(AllOrdersUndoDelivery, {
    refetchQueries: ['AllOrdersList'],
    awaitRefetchQueries: true,
  });

  // The rows stay while another filter or page loads: the pager button pressed keeps the keyboard.
  const list = (data ?? previousData)?.orders;
  useAnnounceResults(
    JSON.stringify([search, status, page]),
    data && !loading ? { rows: data.orders.orders.length, page, totalPages: data.orders.totalPages } : undefined,
    { one: 'order', many: 'orders' },
  );
  // The last order of the last page left the filter (cancelled, delivered), or a link is past the last page: show
  // the last page, in place of the empty one in the history.
  useLastPageInstead(
    page,
    data && !loading ? { rows: data.orders.orders.length, totalPages: data.orders.totalPages } : undefined,
    (p, options) => update({ page: p }, options),
  );

  const onDeliver = async (id: string, displayId: string) => {
    setDeliverError(undefined);
    setDelivered(undefined);
    clearCancelNotices(); // one action's error at a time: an older one would read as this one's
    setDelivering(id);
    try {
      // Only if still open: an order delivered meanwhile (another admin) is refused, so no Undo is offered for it.
      const { data } = await deliver({ variables: { id } });
      // The card changes where the button was; a screen reader hears what happened.
      announce(`Order #${displayId} marked as delivered.`);
      const deliveredAt = data?.markOrderDelivered.deliveredAt;
      if (deliveredAt) setDelivered({ id, displayId, deliveredAt });
    } catch (e) {
      logFailure('Marking the order delivered failed', e);
      setDeliverError(serverMessage(e) ?? 'Could not mark the order as delivered');
      // It may have changed meanwhile (cancelled, delivered elsewhere): the list shows what it is now.
      refetch().catch((err: unknown) => logFailure('Reloading the orders failed', err));
    } finally {
      setDelivering(undefined);
    }
  };

  // A delivery marked on the wrong order (one click, and a cash order is then paid) is taken back from its notice.
  // An answer for an order whose notice another mark has replaced meanwhile changes nothing.
  const onUndo = async (undo: Delivered) => {
    const stillShown = (update: (shown: Delivered) => Delivered | undefined) =>
      setDelivered((shown) => (shown?.id === undo.id ? update(shown) : shown));
    setDeliverError(undefined);
    clearCancelNotices();
    setUndoing(true);
    try {
      await undoDelivery({ variables: { id: undo.id, deliveredAt: undo.deliveredAt } });
      stillShown((shown) => ({ ...shown, undone: true }));
    } catch (e) {
      logFailure('Undoing the delivery failed', e);
      const refused = serverMessage(e);
      setDeliverError(refused ?? 'Could not undo the delivery');
      // Refused (delivered again since): Undo cannot succeed, so it goes. Unanswered: it may be pressed again.
      if (refused) stillShown(() => undefined);
      refetch().catch((err: unknown) => logFailure('Reloading the orders failed', err));
    } finally {
      setUndoing(false);
    }
  };

  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <Field.Root flex="1">
          <Field.Label>Search by order id, customer name or e-mail</Field.Label>
          <Input
            type="search"
            maxLength={SEARCH_MAX_LENGTH}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </Field.Root>
        <Field.Root maxW={{ md: '48' }}>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={status} onChange={(e) => update({ status: e.target.value as OrderFilter })}>
              {FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {filter}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
      {cancelError && (
        <Notice status="error" reveal>
          {cancelError}
        </Notice>
      )}
      {cancelled && (
        // Said by announce as it was done; shown too, as a filtered list (Unpaid) drops the order without a word.
        <Notice status="success" saidElsewhere reveal>
          {cancelled}
        </Notice>
      )}
      {deliverError && (
        <Notice status="error" reveal>
          {deliverError}
        </Notice>
      )}
      {delivered &&
        (delivered.undone ? (
          // Undo took its own button away: the notice takes the keyboard, and is read as it does.
          <Notice status="info" saidElsewhere claimsLostFocus>
            {`Order #${delivered.displayId} is no longer marked as delivered.`}
          </Notice>
        ) : (
          // Said by announce as the order was marked; shown where the admin looks, if the card was far down the list.
          <Notice
            status="success"
            saidElsewhere
            reveal
            action={
              <NoticeAction
                aria-label={`Undo marking order #${delivered.displayId} as delivered`}
                loading={undoing}
                onClick={() => void onUndo(delivered)}
              >
                Undo
              </NoticeAction>
            }
          >
            {`Order #${delivered.displayId} marked as delivered.`}
          </Notice>
        ))}
      <ListArea
        label="Orders"
        loading={!list && loading}
        busy={loading}
        empty={!list || list.orders.length === 0}
        emptyText="No orders found."
        failed={error && { message: 'Failed to load the orders.', retry: () => refetch() }}
      >
        {list && (
          <Stack gap="4">
            {list.orders.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                customer
                actions={
                  order.canCancel && (
                    <>
                      <Button
                        size="sm"
                        colorPalette="green"
                        aria-label={`Mark as delivered: order #${order.displayId}`}
                        loading={delivering === order.id}
                        onClick={() => void onDeliver(order.id, order.displayId)}
                      >
                        Mark as delivered
                      </Button>
                      <CancelOrderButton
                        order={order}
                        onCancel={(id) =>
                          // One action's notice at a time: a delivery's (or its undo's) would read as this one's. A
                          // cancel not confirmed leaves them.
                          cancelOrder(id, order.displayId, () => {
                            setDeliverError(undefined);
                            setDelivered(undefined);
                          })
                        }
                        cancelling={cancelling}
                      />
                    </>
                  )
                }
              />
            ))}
            <Pager
              page={page}
              totalPages={list.totalPages}
              onPageChange={(p) => update({ page: p })}
              label="Order pages"
            />
          </Stack>
        )}
      </ListArea>
    </Stack>
  );
}
