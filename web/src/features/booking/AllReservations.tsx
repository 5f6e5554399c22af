import { Button, Field, HStack, Heading, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { graphql } from '../../gql';
import type { BookingRow_BookingFragment, BookingSortField, BookingStatus, SortDirection } from '../../gql/graphql';
import { ListArea } from '../../components/ListArea';
import { BOOKINGS_PAGE_SIZE, bookingPageShown } from './page-size';
import { BookingTable } from './BookingTable';
import { CANCEL_PROMPT } from './MyBookings';
import { announce } from '../../lib/announce';
import { logFailure, useLoggedFailure } from '../../lib/errors';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import {
  namesView,
  oneOf,
  readPage,
  readSearch,
  useLastPageInstead,
  useUrlView,
  type UrlView,
} from '../../lib/url-view';
import { useSearchText } from '../../lib/use-search-text';
import { useAnnounceResults } from '../../lib/use-announce-results';

export const AllReservationsList = graphql(`
  query AllReservationsList(
    $status: [BookingStatus!]
    $search: String
    $sortBy: BookingSortField!
    $sortDirection: SortDirection!
    $page: Int!
    $pageSize: Int!
  ) {
    bookings(
      status: $status
      search: $search
      sortBy: $sortBy
      sortDirection: $sortDirection
      page: $page
      pageSize: $pageSize
    ) {
      total
      page
      items {
        ...BookingRow_booking
        user {
          id
          username
          email
        }
      }
    }
  }
`);

export const AllReservationsCancel = graphql(`
  mutation AllReservationsCancel($id: ID!) {
    adminCancelBooking(id: $id) {
      id
      status
      cancelledAt
    }
  }
`);

export const AllReservationsDelete = graphql(`
  mutation AllReservationsDelete($id: ID!) {
    adminDeleteBooking(id: $id)
  }
`);

export const DELETE_PROMPT = 'Are you sure you want to delete this reservation?';
const SEARCH_DEBOUNCE_MS = 400;
/** The longest search the server takes (a longer one would fail the list, and its Try again with it). */
const SEARCH_MAX_LENGTH = 200;

const STATUS_FILTERS: { value: '' | BookingStatus; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'inprogress', label: 'In-progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

const COLUMNS: { field: BookingSortField; label: string }[] = [
  { field: 'username', label: 'Username' },
  { field: 'email', label: 'Email' },
  { field: 'date', label: 'Date' },
  { field: 'startTime', label: 'Start' },
  { field: 'endTime', label: 'End' },
  { field: 'sessionType', label: 'Session' },
  { field: 'status', label: 'Status' },
];

const STATUSES = STATUS_FILTERS.map((f) => f.value);
const SORT_FIELDS = COLUMNS.map((c) => c.field);
const DIRECTIONS: SortDirection[] = ['ASC', 'DESC'];

type ReservationsView = {
  q: string;
  status?: BookingStatus;
  sort: BookingSortField;
  dir: SortDirection;
  page: number;
};

/**
 * The list's view in the URL (`/booking?status=cancelled&sort=email&dir=ASC&page=2`), so a reload, coming Back or a
 * shared link shows it again: newest dates first, every status, unless it says otherwise.
 */
const RESERVATIONS_VIEW: UrlView<ReservationsView> = {
  read: (params) => ({
    q: readSearch(params.get('q'), SEARCH_MAX_LENGTH),
    status: oneOf(params.get('status'), STATUSES),
    sort: oneOf(params.get('sort'), SORT_FIELDS) ?? 'date',
    dir: oneOf(params.get('dir'), DIRECTIONS) ?? 'DESC',
    page: readPage(params.get('page')),
  }),
  write: ({ q, status, sort, dir, page }) => ({
    q: q || undefined,
    status,
    sort: sort === 'date' ? undefined : sort,
    dir: dir === 'DESC' ? undefined : dir,
    page: page > 1 ? String(page) : undefined,
  }),
};

/** Whether the URL names a view of All reservations other than the default: the booking page opens the list. */
export const hasReservationsView = (params: URLSearchParams) => namesView(params, RESERVATIONS_VIEW);

/** Every booking for an admin: filter by status, search, sort by any column, cancel or delete. */
export function AllReservations() {
  // Each search, filter, sort and page is a history entry of its own, as in the shop: Back steps through the lists
  // the admin looked at (from page 3 to page 2, from sorted by email to by date) like a browser's Back through pages.
  // A search is one entry however often the typing paused.
  const [view, update] = useUrlView(RESERVATIONS_VIEW);
  const { q: search, status, page } = view;
  const sort = { by: view.sort, direction: view.dir };
  const [searchText, setSearchText] = useSearchText(search, (q) => update({ q }, 'typed'), SEARCH_DEBOUNCE_MS);

  const { data, previousData, loading, error, refetch } = useQuery(AllReservationsList, {
    variables: {
      status: status ? [status] : null,
      search: search || null,
      sortBy: sort.by,
      sortDirection: sort.direction,
      page,
      pageSize: BOOKINGS_PAGE_SIZE,
    },
    fetchPolicy: 'cache-and-network',
  });
  useLoggedFailure('Loading reservations failed', error);
  const [cancel] = useMutation(AllReservationsCancel, { refetchQueries: ['AllReservationsList', 'MyBookingsList'] });
  const [remove] = useMutation(AllReservationsDelete, {
    update(cache, _result, { variables }) {
      if (!variables) return;
      cache.evict({ id: cache.identify({ __typename: 'Booking', id: variables.id }) });
      cache.gc();
    },
    refetchQueries: ['AllReservationsList', 'MyBookingsList'],
  });

  // The rows stay while another sort or page loads: the header or pager button pressed keeps the keyboard.
  const list = (data ?? previousData)?.bookings;
  useAnnounceResults(
    JSON.stringify([status, search, sort.by, sort.direction, page]),
    data && !loading ? bookingPageShown(data.bookings) : undefined,
    { one: 'reservation', many: 'reservations' },
  );
  // The last row of the last page went away (cancelled or deleted), or a link is past the last page: show the last
  // page, in place of the empty one in the history.
  useLastPageInstead(page, data && bookingPageShown(data.bookings), (p, options) => update({ page: p }, options));

  const sortBy = (field: BookingSortField) =>
    update((v) => ({ sort: field, dir: v.sort === field && v.dir === 'ASC' ? 'DESC' : 'ASC' }));

  const { busy: acting, run } = useConfirmedAction();
  const act = (id: string, action: 'cancel' | 'delete') =>
    void run(`${action}:${id}`, action === 'cancel' ? CANCEL_PROMPT : DELETE_PROMPT, async () => {
      try {
        await (action === 'cancel' ? cancel : remove)({ variables: { id } });
        // The row changes or goes away under the button: a screen reader hears what happened.
        announce(action === 'cancel' ? 'Reservation cancelled.' : 'Reservation deleted.');
      } catch (e) {
        // Spec §8: logged only. The booking may have changed meanwhile (deleted or cancelled in another tab or by
        // another admin): the list reloads to show what it is now, as after a success.
        logFailure(action === 'cancel' ? 'Cancelling the reservation failed' : 'Deleting the reservation failed', e);
        refetch().catch((err: unknown) => logFailure('Reloading the reservations failed', err));
      }
    });
  const onCancel = (id: string) => act(id, 'cancel');
  const onDelete = (id: string) => act(id, 'delete');

  return (
    <Stack gap="4">
      <Heading as="h3" size="lg">
        All Reservations
      </Heading>
      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <Field.Root maxW={{ md: '48' }}>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={status ?? ''}
              onChange={(e) => update({ status: (e.target.value as BookingStatus) || undefined })}
            >
              {STATUS_FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label>Search by name, email or session type</Field.Label>
          <Input
            type="search"
            maxLength={SEARCH_MAX_LENGTH}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </Field.Root>
        {/* The phone layout has no column headers to click: the same sort as a select and a direction toggle. */}
        <HStack hideFrom="lg" align="flex-end" gap="2">
          <Field.Root flex="1">
            <Field.Label>Sort by</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={sort.by}
                onChange={(e) => update({ sort: e.target.value as BookingSortField })}
              >
                {COLUMNS.map((c) => (
                  <option key={c.field} value={c.field}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button
            variant="outline"
            aria-label={`Sort direction: ${sort.direction === 'ASC' ? 'ascending' : 'descending'}`}
            onClick={() => update((v) => ({ dir: v.dir === 'ASC' ? 'DESC' : 'ASC' }))}
          >
            {sort.direction === 'ASC' ? <LuArrowUp /> : <LuArrowDown />}
            {sort.direction === 'ASC' ? 'Ascending' : 'Descending'}
          </Button>
        </HStack>
      </Stack>

      <ListArea
        label="Reservations"
        loading={!list && loading}
        busy={loading}
        empty={!list || list.total === 0}
        emptyText="No reservations found."
        failed={error && { message: 'Failed to load the reservations.', retry: () => refetch() }}
      >
        {list && (
          <BookingTable
            label="All reservations"
            items={list.items}
            columns={COLUMNS.map((c) => {
              const active = sort.by === c.field;
              return {
                field: c.field,
                sort: active ? (sort.direction === 'ASC' ? 'ascending' : 'descending') : 'none',
                header: (
                  <Button
                    variant="plain"
                    size="xs"
                    px="0"
                    fontSize="inherit"
                    fontWeight="inherit"
                    onClick={() => sortBy(c.field)}
                  >
                    {c.label}
                    {active ? sort.direction === 'ASC' ? <LuArrowUp /> : <LuArrowDown /> : <LuArrowUpDown />}
                  </Button>
                ),
              };
            })}
            actionColumns={[
              {
                header: 'Cancel',
                cell: (b) => <CancelReservation booking={b} onCancel={onCancel} busy={acting} size="xs" />,
              },
              {
                header: 'Delete',
                cell: (b) => <DeleteReservation booking={b} onDelete={onDelete} busy={acting} size="xs" />,
              },
            ]}
            cardActions={(b) => (
              <ReservationActions booking={b} onCancel={onCancel} onDelete={onDelete} busy={acting} size="sm" />
            )}
            page={page}
            total={list.total}
            onPageChange={(p) => update({ page: p })}
            pagerLabel="Reservation pages"
          />
        )}
      </ListArea>
    </Stack>
  );
}

type ActionSize = 'xs' | 'sm';

type Reservation = BookingRow_BookingFragment & { user: { username: string } };

/** What a row's buttons are named after, so a list of every button on the page tells them apart. */
const reservationName = (b: Reservation) => `the booking of ${b.user.username} on ${b.date} at ${b.startTime}`;

/** Cancel, for an upcoming reservation only, behind its confirm. */
function CancelReservation({
  booking: b,
  onCancel,
  busy,
  size,
}: {
  booking: Reservation;
  onCancel: (id: string) => void;
  /** The action on its way (`cancel:<id>`), if any. */
  busy?: string;
  size: ActionSize;
}) {
  if (b.status !== 'upcoming') return null;
  return (
    <Button
      size={size}
      loading={busy === `cancel:${b.id}`}
      variant="outline"
      aria-label={`Cancel ${reservationName(b)}`}
      onClick={() => onCancel(b.id)}
    >
      Cancel
    </Button>
  );
}

/** Delete, for any status, behind its confirm. */
function DeleteReservation({
  booking: b,
  onDelete,
  busy,
  size,
}: {
  booking: Reservation;
  onDelete: (id: string) => void;
  /** The action on its way (`delete:<id>`), if any. */
  busy?: string;
  size: ActionSize;
}) {
  return (
    <Button
      size={size}
      loading={busy === `delete:${b.id}`}
      colorPalette="red"
      variant="outline"
      aria-label={`Delete ${reservationName(b)}`}
      onClick={() => onDelete(b.id)}
    >
      Delete
    </Button>
  );
}

/** Both actions together, as a card shows them (the table gives each its own column, spec §2). */
function ReservationActions({
  booking,
  onCancel,
  onDelete,
  busy,
  size,
}: {
  booking: Reservation;
  onCancel: (id: string) => void;
  onDelete: (id: string) => void;
  busy?: string;
  size: ActionSize;
}) {
  return (
    <>
      <CancelReservation booking={booking} onCancel={onCancel} busy={busy} size={size} />
      <DeleteReservation booking={booking} onDelete={onDelete} busy={busy} size={size} />
    </>
  );
}
