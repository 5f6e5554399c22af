import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router-dom';
import { system } from '../../app/theme';
import { MyBookings, MyBookingsCancel, MyBookingsList } from './MyBookings';
import { AllReservations, AllReservationsCancel, AllReservationsDelete, AllReservationsList } from './AllReservations';
import { BOOKINGS_PAGE_SIZE } from './page-size';
import { BackButton, renderAt } from '../../test/render';
import { forgetSpoken, spoken } from '../../test/spoken';

const booking = {
  __typename: 'Booking' as const,
  id: 'b1',
  date: '2026-12-01',
  startTime: '10:00',
  endTime: '11:00',
  sessionType: 'VR',
  status: 'upcoming',
};

/** A page (the first unless given) of a My Bookings tab, the tab named by the statuses it lists. */
const myTab = (
  status: string[],
  items: object[],
  { page = 1, total = items.length } = {},
): MockLink.MockedResponse => ({
  request: { query: MyBookingsList, variables: { status, page } },
  result: { data: { myBookings: { __typename: 'BookingPage', total, page, items } } },
});
const upcoming = (items: (typeof booking)[]) => myTab(['upcoming'], items);

/**
 * All reservations, as an admin's open list loads them with the given status filter (and, where given, another search,
 * sort or page, and a total other than the items').
 */
const reservations = (
  status: string[] | null,
  items: (typeof booking)[],
  {
    total = items.length,
    ...view
  }: { search?: string; sortBy?: string; sortDirection?: string; page?: number; total?: number } = {},
): MockLink.MockedResponse => ({
  request: {
    query: AllReservationsList,
    variables: {
      status,
      search: null,
      sortBy: 'date',
      sortDirection: 'DESC',
      page: 1,
      pageSize: BOOKINGS_PAGE_SIZE,
      ...view,
    },
  },
  result: {
    data: {
      bookings: {
        __typename: 'BookingPage',
        total,
        page: view.page ?? 1,
        items: items.map((b) => ({
          ...b,
          user: { __typename: 'User', id: 'u1', username: 'alice', email: 'alice@example.com' },
        })),
      },
    },
  },
});

/** My Bookings at `path`: it keeps its tab and page in the URL. */
const renderMine = (mocks: MockLink.MockedResponse[], path = '/booking') =>
  renderAt(
    path,
    <MockedProvider mocks={mocks}>
      <MyBookings />
    </MockedProvider>,
  );

describe('My Bookings', () => {
  beforeEach(() => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    forgetSpoken();
  });
  afterEach(() => jest.restoreAllMocks());

  it('says the list could not be loaded, not that there are no bookings, and loads it on Try again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderMine([{ request: upcoming([]).request, error: new Error('Failed to fetch') }, upcoming([booking])]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your bookings.');
    expect(screen.queryByText('No bookings found.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      (await screen.findAllByRole('button', { name: 'Cancel the booking of 2026-12-01 at 10:00' })).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists each tab’s statuses: Upcoming, In-progress, and Completed / Cancelled together', async () => {
    renderMine([
      upcoming([booking]),
      myTab(['inprogress'], [{ ...booking, id: 'b2', startTime: '09:00', status: 'inprogress' }]),
      myTab(['completed', 'cancelled'], [{ ...booking, id: 'b3', date: '2026-01-05', status: 'completed' }]),
    ]);
    expect(await screen.findAllByText('UPCOMING')).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: 'In-progress' }));
    expect(await screen.findAllByText('INPROGRESS')).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Completed / Cancelled' }));
    expect(await screen.findAllByText('COMPLETED')).not.toHaveLength(0);
    expect(screen.queryByText('UPCOMING')).toBeNull();
  });

  it('reloads the list when a cancel is refused (the session started meanwhile), instead of leaving a stale row', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderMine([
      upcoming([booking]),
      {
        request: { query: MyBookingsCancel, variables: { id: 'b1' } },
        result: { errors: [new GraphQLError('Only upcoming bookings can be cancelled.')] },
      },
      upcoming([]),
    ]);
    const [cancel] = await screen.findAllByRole('button', { name: 'Cancel the booking of 2026-12-01 at 10:00' });
    await userEvent.click(cancel);
    expect(window.confirm).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('No bookings found.')).toBeInTheDocument());
    // The row and its Cancel button are gone: the keyboard is in the list, not lost on the page.
    await waitFor(() => expect(screen.getByRole('group', { name: 'My bookings' })).toHaveFocus());
    expect(spoken()).toBe(''); // refused: no cancel is said
  });

  it("reloads an admin's open All reservations too when a cancel is refused, so it shows where the booking is now", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ChakraProvider value={system}>
        <MockedProvider
          mocks={[
            upcoming([booking]),
            reservations(null, [booking]),
            {
              request: { query: MyBookingsCancel, variables: { id: 'b1' } },
              result: { errors: [new GraphQLError('Only upcoming bookings can be cancelled.')] },
            },
            upcoming([]),
            reservations(null, [{ ...booking, status: 'inprogress' }]),
          ]}
        >
          <MemoryRouter>
            <MyBookings />
            <AllReservations />
          </MemoryRouter>
        </MockedProvider>
      </ChakraProvider>,
    );
    await screen.findAllByRole('button', { name: 'Cancel the booking of alice on 2026-12-01 at 10:00' });
    // My Bookings' list answers on its own tick: waited for too, not read at once
    const [cancel] = await screen.findAllByRole('button', { name: 'Cancel the booking of 2026-12-01 at 10:00' });
    await userEvent.click(cancel);
    await waitFor(() => expect(screen.getByText('No bookings found.')).toBeInTheDocument());
    expect(await screen.findAllByText('INPROGRESS')).not.toHaveLength(0);
    expect(screen.queryByText('UPCOMING')).toBeNull();
  });

  it("reloads an admin's open All reservations after a cancel in My Bookings, so its Upcoming filter drops the booking", async () => {
    render(
      <ChakraProvider value={system}>
        <MockedProvider
          mocks={[
            upcoming([booking]),
            reservations(null, [booking]),
            reservations(['upcoming'], [booking]),
            {
              request: { query: MyBookingsCancel, variables: { id: 'b1' } },
              result: {
                data: {
                  cancelBooking: {
                    __typename: 'Booking',
                    id: 'b1',
                    status: 'cancelled',
                    cancelledAt: '2026-11-01T12:00:00.000Z',
                  },
                },
              },
            },
            upcoming([]),
            reservations(['upcoming'], []),
          ]}
        >
          <MemoryRouter>
            <MyBookings />
            <AllReservations />
          </MemoryRouter>
        </MockedProvider>
      </ChakraProvider>,
    );
    await screen.findAllByRole('button', { name: 'Cancel the booking of alice on 2026-12-01 at 10:00' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Upcoming');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('upcoming'));
    const [cancel] = await screen.findAllByRole('button', { name: 'Cancel the booking of 2026-12-01 at 10:00' });
    await userEvent.click(cancel);
    await waitFor(() => expect(screen.getByText('No bookings found.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('No reservations found.')).toBeInTheDocument());
    // the row left under the button: what happened is said
    await waitFor(() => expect(spoken()).toBe('Reservation cancelled.'));
  });

  it('offers Add to calendar for a session still to come, not for a finished or cancelled one', async () => {
    const past = (items: object[]) => myTab(['completed', 'cancelled'], items);
    renderMine([
      upcoming([booking]),
      past([
        { ...booking, id: 'b2', status: 'completed' },
        { ...booking, id: 'b3', status: 'cancelled', date: '2026-11-20' },
      ]),
    ]);
    // The table and the phone cards both render (CSS shows one): one button each.
    expect(await screen.findAllByRole('button', { name: /^Add to calendar/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('tab', { name: 'Completed / Cancelled' }));
    expect(await screen.findAllByText('COMPLETED')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Add to calendar/ })).toBeNull();
  });
});

describe('My Bookings in the URL', () => {
  const PAST = ['completed', 'cancelled'];
  const where = () => screen.getByTestId('location');
  /** The rows of a page, told apart by their date (the table's and the phone cards' both). */
  const dated = (date: string) => screen.findAllByText(date);
  const later = { ...booking, id: 'b2', date: '2026-12-08' };
  const done = { ...booking, id: 'b3', date: '2026-10-05', status: 'completed' };

  it('opens at the tab and page of its link, and asks the server for them', async () => {
    renderMine([myTab(PAST, [done], { page: 2, total: 7 })], '/booking?mine=past&mypage=2');
    expect(await dated('2026-10-05')).not.toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Completed / Cancelled' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('puts a page and a tab in the URL beside All reservations’ view, leaving out the defaults; Back goes back', async () => {
    renderAt(
      '/booking?status=cancelled&page=3',
      <MockedProvider
        mocks={[
          myTab(['upcoming'], [booking], { total: 6 }),
          myTab(['upcoming'], [later], { page: 2, total: 6 }),
          myTab(PAST, [done]),
          // Back to page 2 of Upcoming, then page 1: each shows from the cache and is asked for again
          myTab(['upcoming'], [later], { page: 2, total: 6 }),
          myTab(['upcoming'], [booking], { total: 6 }),
        ]}
      >
        <>
          <MyBookings />
          <BackButton />
        </>
      </MockedProvider>,
    );
    const user = userEvent.setup();
    // All reservations' page is not My Bookings': its first page is asked for
    expect(await dated('2026-12-01')).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await dated('2026-12-08')).not.toHaveLength(0);
    await waitFor(() => expect(where()).toHaveTextContent(/^\/booking\?status=cancelled&page=3&mypage=2$/));
    // another tab starts at its first page
    await user.click(screen.getByRole('tab', { name: 'Completed / Cancelled' }));
    expect(await dated('2026-10-05')).not.toHaveLength(0);
    await waitFor(() => expect(where()).toHaveTextContent(/^\/booking\?status=cancelled&page=3&mine=past$/));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await dated('2026-12-08')).not.toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await dated('2026-12-01')).not.toHaveLength(0);
    await waitFor(() => expect(where()).toHaveTextContent(/^\/booking\?status=cancelled&page=3$/));
  });

  it.each([
    ['mine=bogus&mypage=-3', ['upcoming']],
    ['mine=Past&mypage=abc', ['upcoming']],
    ['mine=inprogress&mypage=2.5', ['inprogress']],
    ['mine=&mypage=99999999999', ['upcoming']],
  ])('takes what it can of %s, and the defaults for the rest', async (query, status) => {
    renderMine([myTab(status, [{ ...booking, status: status[0] }], { total: 6 })], `/booking?${query}`);
    expect(await dated('2026-12-01')).not.toHaveLength(0);
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent(
      status[0] === 'upcoming' ? 'Upcoming' : 'In-progress',
    );
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    // the link is left as it came
    expect(where()).toHaveTextContent(`/booking?${query}`);
  });

  it('shows the last page for a link past it, in place of the link', async () => {
    renderMine(
      [myTab(PAST, [], { page: 9, total: 7 }), myTab(PAST, [done], { page: 2, total: 7 })],
      '/booking?mine=past&mypage=9',
    );
    expect(await dated('2026-10-05')).not.toHaveLength(0);
    await waitFor(() => expect(where()).toHaveTextContent(/^\/booking\?mine=past&mypage=2$/));
  });
});

describe('All reservations', () => {
  beforeEach(() => forgetSpoken());
  afterEach(() => jest.restoreAllMocks());
  /** All reservations at `path`: it keeps its view in the URL. */
  const renderAll = (mocks: MockLink.MockedResponse[], path = '/booking') =>
    renderAt(
      path,
      <MockedProvider mocks={mocks}>
        <AllReservations />
      </MockedProvider>,
    );
  const DELETE_B1 = 'Delete the booking of alice on 2026-12-01 at 10:00';

  const where = () => screen.getByTestId('location');

  it('opens at the status, search, sort and page of its link, and asks the server for them', async () => {
    renderAll(
      [
        reservations(['cancelled'], [{ ...booking, status: 'cancelled' }], {
          search: 'alice',
          sortBy: 'email',
          sortDirection: 'ASC',
          page: 2,
          total: 6,
        }),
      ],
      '/booking?status=cancelled&q=alice&sort=email&dir=ASC&page=2',
    );
    expect(await screen.findAllByRole('button', { name: DELETE_B1 })).not.toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('cancelled');
    expect(screen.getByLabelText('Search by name, email or session type')).toHaveValue('alice');
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('email');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('tells screen readers what a filter or a page found, not what the list showed on arrival', async () => {
    forgetSpoken();
    renderAll([
      reservations(null, [booking], { total: 12 }),
      reservations(['upcoming'], []),
      reservations(null, [booking], { total: 12 }),
      reservations(null, [booking], { total: 12, page: 2 }),
    ]);
    const user = userEvent.setup();
    await screen.findAllByRole('button', { name: DELETE_B1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(spoken()).toBe('');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Upcoming');
    await waitFor(() => expect(spoken()).toBe('0 reservations'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(spoken()).toBe('12 reservations, page 1 of 3'));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(spoken()).toBe('12 reservations, page 2 of 3'));
  });

  it('puts a filter and a sort in the URL, back to page 1 and leaving out the defaults', async () => {
    renderAll(
      [
        reservations(null, [booking], { page: 2, total: 6 }),
        reservations(['upcoming'], [booking]),
        reservations(['upcoming'], [booking], { sortBy: 'email', sortDirection: 'ASC' }),
        reservations(['upcoming'], [booking], { sortBy: 'email' }),
        reservations(null, [booking], { sortBy: 'email' }),
      ],
      '/booking?page=2',
    );
    const user = userEvent.setup();
    await screen.findAllByRole('button', { name: DELETE_B1 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Upcoming');
    await waitFor(() => expect(where()).toHaveTextContent(/^\/booking\?status=upcoming$/));
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(where()).toHaveTextContent(/^\/booking\?status=upcoming&sort=email&dir=ASC$/));
    // descending is the default direction: left out
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(where()).toHaveTextContent(/^\/booking\?status=upcoming&sort=email$/));
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(where()).toHaveTextContent(/^\/booking\?sort=email$/));
    expect(await screen.findAllByRole('button', { name: DELETE_B1 })).not.toHaveLength(0);
  });

  it.each([
    ['q=alice&status=bogus&sort=password&dir=up&page=-3', null, { search: 'alice' }],
    ['status=cancelled&sort=&dir=asc&page=abc', ['cancelled'], {}],
    ['status=Upcoming&sort=email&dir=up&page=0', null, { sortBy: 'email' }],
    [`q=${'a'.repeat(201)}`, null, { search: 'a'.repeat(200) }],
  ] as [string, string[] | null, { search?: string; sortBy?: string }][])(
    'takes what it can of %s, and the defaults for the rest',
    async (query, status, view) => {
      renderAll([reservations(status, [booking], view)], `/booking?${query}`);
      expect(await screen.findAllByRole('button', { name: DELETE_B1 })).not.toHaveLength(0);
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue(status?.[0] ?? '');
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue(view.sortBy ?? 'date');
      expect(screen.getByRole('button', { name: /^Sort direction/ })).toHaveTextContent('Descending');
    },
  );

  it('reloads the list when a delete finds the booking gone (deleted in another tab), instead of a dead row', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderAll([
      reservations(null, [booking]),
      {
        request: { query: AllReservationsDelete, variables: { id: 'b1' } },
        result: { errors: [new GraphQLError('Booking not found.', { extensions: { code: 'NOT_FOUND' } })] },
      },
      reservations(null, []),
    ]);
    const [remove] = await screen.findAllByRole('button', { name: DELETE_B1 });
    await userEvent.click(remove);
    expect(await screen.findByText('No reservations found.')).toBeInTheDocument();
    expect(spoken()).toBe(''); // not deleted by this press: nothing is said
  });

  it('cancels an upcoming reservation as an admin, after the spec’s question, and shows it cancelled', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const cancelled = jest.fn(() => ({
      data: {
        adminCancelBooking: {
          __typename: 'Booking' as const,
          id: 'b1',
          status: 'cancelled',
          cancelledAt: '2026-11-25T12:00:00Z',
        },
      },
    }));
    renderAll([
      reservations(null, [booking]),
      { request: { query: AllReservationsCancel, variables: { id: 'b1' } }, result: cancelled },
      reservations(null, [{ ...booking, status: 'cancelled' }]),
    ]);
    const [cancel] = await screen.findAllByRole('button', {
      name: 'Cancel the booking of alice on 2026-12-01 at 10:00',
    });
    await userEvent.click(cancel);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to cancel this reservation?');
    expect(await screen.findAllByText('CANCELLED')).not.toHaveLength(0);
    expect(cancelled).toHaveBeenCalledTimes(1);
    // cancelled: nothing left to cancel, and screen readers are told
    expect(screen.queryByRole('button', { name: /^Cancel the booking of alice/ })).toBeNull();
    await waitFor(() => expect(spoken()).toBe('Reservation cancelled.'));
  });

  it('deletes once however fast the button is pressed again: one question, one request, the button busy meanwhile', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const deleted = jest.fn(() => ({ data: { adminDeleteBooking: 'b1' } }));
    renderAll([
      reservations(null, [booking]),
      // one answer only: a second request would find none
      { request: { query: AllReservationsDelete, variables: { id: 'b1' } }, result: deleted, delay: 50 },
      reservations(null, []),
    ]);
    const [remove] = await screen.findAllByRole('button', { name: DELETE_B1 });
    remove.focus();
    await userEvent.keyboard('{Enter}{Enter}');
    expect(await screen.findByText('No reservations found.')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(deleted).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(spoken()).toBe('Reservation deleted.'));
  });
});
