import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { setStoredUser } from '../../lib/auth';
import { VenueTimeZone } from '../../lib/venue-time';
import { renderAt } from '../../test/render';
import { STORED_ADMIN } from '../../test/users';
import { AllReservationsList } from './AllReservations';
import { BookingPage } from './BookingPage';
import { MyBookingsList } from './MyBookings';
import { BOOKINGS_PAGE_SIZE } from './page-size';

const venue: MockLink.MockedResponse = {
  request: { query: VenueTimeZone },
  result: { data: { venue: { __typename: 'Venue', timeZone: 'UTC' } } },
};

/** An empty page of All reservations, for the status filter given (null: all). */
const none = (status: string[] | null): MockLink.MockedResponse => ({
  request: {
    query: AllReservationsList,
    variables: { status, search: null, sortBy: 'date', sortDirection: 'DESC', page: 1, pageSize: BOOKINGS_PAGE_SIZE },
  },
  result: { data: { bookings: { __typename: 'BookingPage', total: 0, page: 1, items: [] } } },
});

/** An empty first page of the My Bookings tab of the statuses given. */
const noneOfMine = (status: string[]): MockLink.MockedResponse => ({
  request: { query: MyBookingsList, variables: { status, page: 1 } },
  result: { data: { myBookings: { __typename: 'BookingPage', total: 0, page: 1, items: [] } } },
});

const renderPage = (path: string) =>
  renderAt(
    path,
    <MockedProvider mocks={[venue, none(['cancelled']), none(null), noneOfMine(['completed', 'cancelled'])]}>
      <BookingPage />
    </MockedProvider>,
  );

describe('BookingPage', () => {
  beforeEach(() => setStoredUser(STORED_ADMIN));
  afterEach(() => act(() => setStoredUser(null)));

  it('opens All reservations for a link to a view of it, and shows that view; not for a link it cannot take', async () => {
    const { unmount } = renderPage('/booking?status=cancelled');
    expect(screen.getByRole('button', { name: 'All reservations' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('No reservations found.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('cancelled');
    unmount();

    // as at the plain address: the form alone is open
    renderPage('/booking?status=bogus&page=-3');
    const panel = screen.getByRole('button', { name: 'All reservations' });
    expect(panel).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Reserve a new seesion' })).toHaveAttribute('aria-expanded', 'true');
    // opened, it lists every reservation
    await userEvent.click(panel);
    expect(await screen.findByText('No reservations found.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it('opens My Bookings at its tab for a link to a view of it, beside All reservations; not for a link it cannot take', async () => {
    const mine = () => screen.getByRole('button', { name: 'View previous reservations' });
    const { unmount } = renderPage('/booking?status=cancelled&mine=past');
    expect(mine()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'All reservations' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('tab', { name: 'Completed / Cancelled' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No bookings found.')).toBeInTheDocument();
    unmount();

    renderPage('/booking?mine=bogus&mypage=-3');
    expect(mine()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'All reservations' })).toHaveAttribute('aria-expanded', 'false');
  });
});
