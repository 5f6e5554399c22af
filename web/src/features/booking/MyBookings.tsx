import { Button, HStack, Heading, Stack, Tabs } from '@chakra-ui/react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { LuCalendarPlus } from 'react-icons/lu';
import type { NavigateOptions } from 'react-router-dom';
import { graphql } from '../../gql';
import type { BookingRow_BookingFragment, BookingStatus } from '../../gql/graphql';
import { getStoredUser } from '../../lib/auth';
import { ListArea } from '../../components/ListArea';
import { BookingTable, type BookingColumn } from './BookingTable';
import { TabStrip } from '../../components/TabStrip';
import { announce } from '../../lib/announce';
import { logFailure, useLoggedFailure } from '../../lib/errors';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { namesView, oneOf, readPage, useLastPageInstead, useUrlView, type UrlView } from '../../lib/url-view';
import { bookingPageShown } from './page-size';
import { useAnnounceResults } from '../../lib/use-announce-results';

export const MyBookingsList = graphql(`
  query MyBookingsList($status: [BookingStatus!], $page: Int!) {
    myBookings(status: $status, page: $page, pageSize: 5) {
      total
      page
      items {
        ...BookingRow_booking
      }
    }
  }
`);

export const MyBookingsCancel = graphql(`
  mutation MyBookingsCancel($id: ID!) {
    cancelBooking(id: $id) {
      id
      status
      cancelledAt
    }
  }
`);

export const CANCEL_PROMPT = 'Are you sure you want to cancel this reservation?';

/** The booking lists a cancel here can change: the user's own and, for an admin who has it open, every reservation. */
const BOOKING_LISTS = ['MyBookingsList', 'AllReservationsList'];

type Tab = 'upcoming' | 'inprogress' | 'past';

const TABS: { value: Tab; label: string; statuses: BookingStatus[] }[] = [
  { value: 'upcoming', label: 'Upcoming', statuses: ['upcoming'] },
  { value: 'inprogress', label: 'In-progress', statuses: ['inprogress'] },
  { value: 'past', label: 'Completed / Cancelled', statuses: ['completed', 'cancelled'] },
];

const TAB_VALUES = TABS.map((t) => t.value);

const COLUMNS: BookingColumn[] = [
  { field: 'date', header: 'Date' },
  { field: 'startTime', header: 'Start' },
  { field: 'endTime', header: 'End' },
  { field: 'sessionType', header: 'Session' },
  { field: 'status', header: 'Status' },
];

/**
 * The list's view in the URL (`/booking?mine=past&mypage=3`), so a reload, coming Back or a shared link shows it again:
 * the Upcoming tab's first page unless it says otherwise. Its own names, as the booking page also shows an admin's
 * All reservations, whose view is `status`, `q`, `sort`, `dir` and `page`.
 */
const MY_BOOKINGS_VIEW: UrlView<{ tab: Tab; page: number }> = {
  read: (params) => ({
    tab: oneOf(params.get('mine'), TAB_VALUES) ?? 'upcoming',
    page: readPage(params.get('mypage')),
  }),
  write: ({ tab, page }) => ({
    mine: tab === 'upcoming' ? undefined : tab,
    mypage: page > 1 ? String(page) : undefined,
  }),
};

/** Whether the URL names a view of My Bookings other than the default: the booking page opens the list. */
export const hasMyBookingsView = (params: URLSearchParams) => namesView(params, MY_BOOKINGS_VIEW);

/** The signed-in user's bookings, one tab per status group, 5 per page. */
export function MyBookings() {
  // Each tab and page is a history entry of its own, as in the admin's lists: Back steps through what was looked at.
  const [{ tab, page }, update] = useUrlView(MY_BOOKINGS_VIEW);
  const turnPage = (p: number, options?: NavigateOptions) => update({ page: p }, options);
  return (
    <Stack gap="4">
      <Heading as="h3" size="lg">
        My Bookings
      </Heading>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => update({ tab: e.value as Tab })}
        colorPalette="brand"
        variant="line"
        size={{ base: 'sm', md: 'md' }}
      >
        <TabStrip tabs={TABS} />
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} pt="4">
            {/* The view's tab alone has a table, mounted afresh on each visit. The tabs show a pressed tab, and keep the
                one left, a render apart from the view: a table there asked for its tab at the other tab's page. */}
            {t.value === tab && <MyBookingsTable statuses={t.statuses} page={page} onPageChange={turnPage} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

function MyBookingsTable({
  statuses,
  page,
  onPageChange,
}: {
  statuses: BookingStatus[];
  page: number;
  onPageChange: (page: number, options?: NavigateOptions) => void;
}) {
  const variables = { status: statuses, page };
  // Fresh on every visit of a tab: bookings move between tabs as the clock runs.
  const { data, previousData, loading, error, refetch } = useQuery(MyBookingsList, {
    variables,
    fetchPolicy: 'cache-and-network',
  });
  useLoggedFailure('Loading bookings failed', error);
  const client = useApolloClient();
  const [cancel] = useMutation(MyBookingsCancel, {
    // The booking's status changes in the cache at once; the lists reload so it changes tab (spec §4), and so does an
    // admin's All reservations when it is open, whose status filter may no longer hold it (only active queries reload).
    refetchQueries: BOOKING_LISTS,
  });
  // The rows stay while another page loads: the pager button pressed keeps the keyboard.
  const list = (data ?? previousData)?.myBookings;
  useAnnounceResults(JSON.stringify(variables), data && !loading ? bookingPageShown(data.myBookings) : undefined, {
    one: 'booking',
    many: 'bookings',
  });
  // The last row of the last page went away (cancelled or deleted), or a link is past the last page: show the last
  // page, in place of the empty one in the history.
  useLastPageInstead(page, data && bookingPageShown(data.myBookings), onPageChange);

  const { busy: cancelling, run } = useConfirmedAction();
  const onCancel = (id: string) =>
    void run(id, CANCEL_PROMPT, async () => {
      try {
        await cancel({ variables: { id } });
        // The row leaves the tab under the button: a screen reader hears what happened.
        announce('Reservation cancelled.');
      } catch (e) {
        logFailure('Cancelling the booking failed', e);
        // Most likely it has started since the list was loaded: reload, so it shows where it is now.
        void client.refetchQueries({ include: BOOKING_LISTS });
      }
    });

  return (
    <ListArea
      label="My bookings"
      loading={!list && loading}
      busy={loading}
      empty={!list || list.total === 0}
      emptyText="No bookings found."
      failed={error && { message: 'Failed to load your bookings.', retry: () => refetch() }}
    >
      {list && (
        <BookingTable
          label="My bookings"
          items={list.items}
          columns={COLUMNS}
          actionColumns={[
            {
              header: 'Actions',
              cell: (b) => (
                <HStack gap="2">
                  <MyBookingActions booking={b} onCancel={onCancel} cancelling={cancelling} size="xs" />
                </HStack>
              ),
            },
          ]}
          cardActions={(b) => <MyBookingActions booking={b} onCancel={onCancel} cancelling={cancelling} size="sm" />}
          page={page}
          total={list.total}
          onPageChange={onPageChange}
          pagerLabel="My bookings pages"
        />
      )}
    </ListArea>
  );
}

/**
 * Cancel (upcoming only) and the .ics download (a session still to come or under way: a finished or cancelled one has
 * no place in a calendar); the table row and the card share them.
 */
function MyBookingActions({
  booking: b,
  onCancel,
  cancelling,
  size,
}: {
  booking: BookingRow_BookingFragment;
  onCancel: (id: string) => void;
  /** The booking whose cancel is on its way: its button is busy meanwhile. */
  cancelling?: string;
  size: 'xs' | 'sm';
}) {
  return (
    <>
      {b.status === 'upcoming' && (
        <Button
          size={size}
          colorPalette="red"
          variant="outline"
          aria-label={`Cancel the booking of ${b.date} at ${b.startTime}`}
          loading={cancelling === b.id}
          onClick={() => onCancel(b.id)}
        >
          Cancel
        </Button>
      )}
      {(b.status === 'upcoming' || b.status === 'inprogress') && (
        <Button
          size={size}
          variant="ghost"
          aria-label={`Add to calendar: the booking of ${b.date} at ${b.startTime}`}
          onClick={() => void downloadCalendarFile(b.id)}
        >
          <LuCalendarPlus /> Add to calendar
        </Button>
      )}
    </>
  );
}

/** The booking's .ics file; fetched with the bearer token, which a plain link would not send. */
async function downloadCalendarFile(id: string) {
  try {
    const token = getStoredUser()?.token;
    const response = await fetch(`/api/bookings/${encodeURIComponent(id)}/ics`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = 'booking.ics';
    link.click();
    // Chromium may still be reading the blob right after the click.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (e) {
    logFailure('Downloading the calendar file failed', e);
  }
}
