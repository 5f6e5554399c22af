import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { system } from '../../app/theme';
import { MyBookings, MyBookingsCancel, MyBookingsList } from './MyBookings';

const booking = {
  __typename: 'Booking' as const,
  id: 'b1',
  date: '2026-12-01',
  startTime: '10:00',
  endTime: '11:00',
  sessionType: 'VR',
  status: 'upcoming',
};

const upcoming = (items: (typeof booking)[]): MockLink.MockedResponse => ({
  request: { query: MyBookingsList, variables: { status: ['upcoming'], page: 1 } },
  result: { data: { myBookings: { __typename: 'BookingPage', total: items.length, page: 1, items } } },
});

describe('My Bookings', () => {
  beforeEach(() => jest.spyOn(window, 'confirm').mockReturnValue(true));
  afterEach(() => jest.restoreAllMocks());

  it('reloads the list when a cancel is refused (the session started meanwhile), instead of leaving a stale row', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ChakraProvider value={system}>
        <MockedProvider
          mocks={[
            upcoming([booking]),
            {
              request: { query: MyBookingsCancel, variables: { id: 'b1' } },
              result: { errors: [new GraphQLError('Only upcoming bookings can be cancelled.')] },
            },
            upcoming([]),
          ]}
        >
          <MyBookings />
        </MockedProvider>
      </ChakraProvider>,
    );
    const [cancel] = await screen.findAllByRole('button', { name: 'Cancel the booking of 2026-12-01 at 10:00' });
    await userEvent.click(cancel);
    expect(window.confirm).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('No bookings found.')).toBeInTheDocument());
    // The row and its Cancel button are gone: the keyboard is in the list, not lost on the page.
    await waitFor(() => expect(screen.getByRole('group', { name: 'My bookings' })).toHaveFocus());
  });

  it('offers Add to calendar for a session still to come, not for a finished or cancelled one', async () => {
    const past = (items: object[]): MockLink.MockedResponse => ({
      request: { query: MyBookingsList, variables: { status: ['completed', 'cancelled'], page: 1 } },
      result: { data: { myBookings: { __typename: 'BookingPage', total: items.length, page: 1, items } } },
    });
    render(
      <ChakraProvider value={system}>
        <MockedProvider
          mocks={[
            upcoming([booking]),
            past([
              { ...booking, id: 'b2', status: 'completed' },
              { ...booking, id: 'b3', status: 'cancelled', date: '2026-11-20' },
            ]),
          ]}
        >
          <MyBookings />
        </MockedProvider>
      </ChakraProvider>,
    );
    // The table and the phone cards both render (CSS shows one): one button each.
    expect(await screen.findAllByRole('button', { name: /^Add to calendar/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('tab', { name: 'Completed / Cancelled' }));
    expect(await screen.findAllByText('COMPLETED')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Add to calendar/ })).toBeNull();
  });
});
