import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { system } from '../../app/theme';
import { GraphQLError } from 'graphql';
import { BookingForm, BookingFormCheck as Check, BookingFormCreate } from './BookingForm';
import { VenueTimeZone } from '../../lib/venue-time';
import { MyBookingsList } from './MyBookings';

const future = new Date(Date.now() + 3 * 86400000);
const date = `${future.getFullYear()}-${String(future.getMonth() + 1).padStart(2, '0')}-${String(future.getDate()).padStart(2, '0')}`;

const available: MockLink.MockedResponse = {
  request: { query: Check, variables: { sessionType: 'VR', date, startTime: '14:00', endTime: '15:00' } },
  result: {
    data: {
      checkAvailability: {
        __typename: 'Availability',
        available: true,
        freeStations: 3,
        reason: null,
        alternatives: [],
      },
    },
  },
};

/** 14:00–15:00 is full; the server suggests these free hours that day (in its own order: the nearest first). */
const fullyBookedWith = (startTimes: string[]): MockLink.MockedResponse => ({
  request: { query: Check, variables: { sessionType: 'VR', date, startTime: '14:00', endTime: '15:00' } },
  result: {
    data: {
      checkAvailability: {
        __typename: 'Availability',
        available: false,
        freeStations: 0,
        reason: 'This time slot is fully booked.',
        alternatives: startTimes.map((startTime) => ({
          __typename: 'SlotSuggestion',
          date,
          startTime,
          endTime: `${Number(startTime.slice(0, 2)) + 1}:00`,
        })),
      },
    },
  },
});

const fullyBooked = fullyBookedWith(['15:00']);

const laterAvailable: MockLink.MockedResponse = {
  request: { query: Check, variables: { sessionType: 'VR', date, startTime: '15:00', endTime: '16:00' } },
  result: {
    data: {
      checkAvailability: {
        __typename: 'Availability',
        available: true,
        freeStations: 1,
        reason: null,
        alternatives: [],
      },
    },
  },
};

/** The venue in this machine's zone, so the dates above are the venue's too. */
const venue: MockLink.MockedResponse = {
  request: { query: VenueTimeZone },
  result: {
    data: { venue: { __typename: 'Venue', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } },
  },
};

/** Matches the confirm of VR 14:00–15:00 as the form sends it, with its creation key (kept in `keys`). */
const slotSent =
  (keys: string[] = []) =>
  ({ creationKey, ...slot }: Record<string, unknown>) => {
    const matches =
      typeof creationKey === 'string' &&
      JSON.stringify(slot) === JSON.stringify({ sessionType: 'VR', date, startTime: '14:00', endTime: '15:00' });
    if (matches) keys.push(creationKey);
    return matches;
  };

function renderForm(mocks: MockLink.MockedResponse[] = []) {
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={[venue, ...mocks]}>
        <BookingForm />
      </MockedProvider>
    </ChakraProvider>,
  );
}

async function fill(values: { date: string; start: string; end: string }) {
  const user = userEvent.setup();
  const set = async (label: string, value: string) => {
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), value);
  };
  await set('Date', values.date);
  await set('Start time', values.start);
  await set('End time', values.end);
  await user.click(screen.getByRole('button', { name: 'Check Availability' }));
  return user;
}

describe('BookingForm', () => {
  it('starts on VR with nothing to check yet', () => {
    renderForm();
    expect(screen.getByLabelText('Session type')).toHaveValue('VR');
    expect(screen.getByRole('button', { name: 'Check Availability' })).toBeDisabled();
    // all four are needed, and say so to screen readers (the form checks them itself)
    for (const field of ['Session type', 'Date', 'Start time', 'End time']) {
      expect(screen.getByLabelText(field)).toBeRequired();
    }
  });

  /** A check of any slot: it records that it was asked (and would say the slot is free). */
  const anyCheck = (asked: jest.Mock): MockLink.MockedResponse => ({
    request: { query: Check, variables: (vars) => Boolean(asked(vars) ?? true) },
    result: available.result,
    maxUsageCount: 10,
  });

  it('alerts when the start is not before the end, without asking the server', async () => {
    const asked = jest.fn();
    renderForm([anyCheck(asked)]);
    await fill({ date, start: '15:00', end: '14:00' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Start time must be earlier than end time.');
    await new Promise((resolve) => setTimeout(resolve, 100)); // time enough for a check to go out, were one sent
    expect(asked).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).toBeNull();
    // The times are the fields to mend: marked, and described by the alert.
    for (const label of ['Start time', 'End time']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Start time must be earlier than end time.');
    }
    expect(screen.getByLabelText('Date')).not.toHaveAttribute('aria-invalid');
    // a change forgets the alert, and the marks with it (once Formik's validation of the change has run)
    await act(async () => {
      fireEvent.change(screen.getByLabelText('End time'), { target: { value: '16:00' } });
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('End time')).not.toHaveAttribute('aria-invalid');
  });

  it('alerts when the slot is already over, without asking the server', async () => {
    const asked = jest.fn();
    renderForm([anyCheck(asked)]);
    await fill({ date: '2020-01-01', start: '14:00', end: '15:00' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select future date and time.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('Please select future date and time.');
  });

  it("shows the server's message in an error alert when the check fails, and the slot as not available", async () => {
    const refused: MockLink.MockedResponse = {
      request: available.request,
      result: {
        errors: [
          new GraphQLError('Bookings are taken at most 90 days ahead.', { extensions: { code: 'BAD_USER_INPUT' } }),
        ],
      },
    };
    renderForm([refused]);
    await fill({ date, start: '14:00', end: '15:00' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not available');
    expect(alert).toHaveTextContent('Bookings are taken at most 90 days ahead.');
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).toBeNull();
    expect(screen.queryByText(/free for this slot/)).toBeNull();
  });

  it('offers Confirm Booking once available, and forgets it when a field changes', async () => {
    renderForm([available]);
    // the answer is said in a live region that was on the page, empty, before it came (the focus stays in the form)
    const live = document.querySelector('[aria-live="polite"][data-live-area]')!;
    expect(live).toBeEmptyDOMElement();
    const user = await fill({ date, start: '14:00', end: '15:00' });
    expect(await screen.findByRole('button', { name: 'Confirm Booking' })).toBeInTheDocument();
    expect(screen.getByText('3 stations free for this slot.')).toBeInTheDocument();
    expect(live).toHaveTextContent('Available3 stations free for this slot.');
    expect(within(live as HTMLElement).queryByRole('status')).toBeNull(); // not a second region inside the first
    await user.selectOptions(screen.getByLabelText('Session type'), 'PC');
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).toBeNull();
  });

  it('shows why a slot is full and checks a suggested time in one click', async () => {
    renderForm([fullyBooked, laterAvailable]);
    const user = await fill({ date, start: '14:00', end: '15:00' });
    expect(await screen.findByText('This time slot is fully booked.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '15:00–16:00' }));
    expect(await screen.findByText('1 station free for this slot.')).toBeInTheDocument();
    expect(screen.getByLabelText('Start time')).toHaveValue('15:00');
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeInTheDocument();
  });

  it('checks again when the confirmation fails, so a slot taken meanwhile is no longer shown as free', async () => {
    const taken: MockLink.MockedResponse = {
      request: { query: BookingFormCreate, variables: slotSent() },
      result: { errors: [new GraphQLError('This time slot is fully booked.', { extensions: { code: 'CONFLICT' } })] },
    };
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderForm([available, taken, fullyBooked]);
    const user = await fill({ date, start: '14:00', end: '15:00' });
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Failed to confirm booking.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '15:00–16:00' })).toBeInTheDocument();
    expect(screen.queryByText('3 stations free for this slot.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).toBeNull();
    expect(logged).not.toHaveBeenCalled(); // a refusal the page explains, not a fault for the console
    logged.mockRestore();
  });

  it('lists the nearby free times in the order of the day', async () => {
    renderForm([fullyBookedWith(['15:00', '13:00', '16:00'])]);
    await fill({ date, start: '14:00', end: '15:00' });
    await screen.findByText('This time slot is fully booked.');
    const times = screen.getAllByRole('button', { name: /^\d\d:00–/ }).map((button) => button.textContent);
    expect(times).toEqual(['13:00–14:00', '15:00–16:00', '16:00–17:00']);
  });

  const booked: MockLink.MockedResponse = {
    request: { query: BookingFormCreate, variables: slotSent() },
    result: {
      data: {
        createBooking: {
          __typename: 'Booking',
          id: 'b1',
          date,
          startTime: '14:00',
          endTime: '15:00',
          sessionType: 'VR',
          status: 'upcoming',
        },
      },
    },
  };
  const myUpcoming: MockLink.MockedResponse = {
    request: { query: MyBookingsList, variables: { status: ['upcoming'], page: 1 } },
    result: { data: { myBookings: { __typename: 'BookingPage', total: 0, page: 1, items: [] } } },
  };

  it('sends an unanswered confirm once more with the same key, which answers with the booking its answer lost', async () => {
    const keys: string[] = [];
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const lost = {
      request: { query: BookingFormCreate, variables: slotSent(keys) },
      error: new Error('Failed to fetch'),
    };
    const again = { ...booked, request: { query: BookingFormCreate, variables: slotSent(keys) } };
    renderForm([available, lost, again, myUpcoming]);
    const user = await fill({ date, start: '14:00', end: '15:00' });
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking confirmed!')).toBeInTheDocument();
    expect(screen.queryByText('Failed to confirm booking.')).toBeNull();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(logged.mock.calls.map(([what]) => what)).toEqual(['Booking not answered, sent again']);
    logged.mockRestore();
  });

  it('takes a new key for the next booking, once one is made', async () => {
    const keys: string[] = [];
    const first = { ...booked, request: { query: BookingFormCreate, variables: slotSent(keys) } };
    const second = { ...booked, request: { query: BookingFormCreate, variables: slotSent(keys) } };
    renderForm([available, first, myUpcoming, { ...available }, second, { ...myUpcoming }]);
    const user = await fill({ date, start: '14:00', end: '15:00' });
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking confirmed!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Availability' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking confirmed!')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  /**
   * A confirm of 14:00–15:00 whose two sends go unanswered, the keys sent kept in `keys`; the next confirm books it.
   * Returns once the form says it failed.
   */
  async function confirmUnansweredTwice(keys: string[]) {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const lost = () => ({
      request: { query: BookingFormCreate, variables: slotSent(keys) },
      error: new Error('Failed to fetch'),
    });
    const booked2 = { ...booked, request: { query: BookingFormCreate, variables: slotSent(keys) } };
    renderForm([available, lost(), lost(), { ...available }, { ...available }, booked2, myUpcoming]);
    const user = await fill({ date, start: '14:00', end: '15:00' });
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Failed to confirm booking.')).toBeInTheDocument();
    return user;
  }

  it('keeps the key when the same slot is checked again after a confirm that went unanswered twice', async () => {
    const keys: string[] = [];
    const user = await confirmUnansweredTwice(keys);
    await user.click(screen.getByRole('button', { name: 'Check Availability' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking confirmed!')).toBeInTheDocument();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    jest.restoreAllMocks();
  });

  it('takes a new key for the slot once a field is changed after a confirm that went unanswered', async () => {
    const keys: string[] = [];
    const user = await confirmUnansweredTwice(keys);
    await user.clear(screen.getByLabelText('End time'));
    await user.type(screen.getByLabelText('End time'), '15:00'); // typed again: another slot, as far as the form knows
    await user.click(screen.getByRole('button', { name: 'Check Availability' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking confirmed!')).toBeInTheDocument();
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    jest.restoreAllMocks();
  });

  it("forgets 'Booking confirmed!' as soon as a field changes", async () => {
    renderForm([available, booked, myUpcoming]);
    const user = await fill({ date, start: '14:00', end: '15:00' });
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking confirmed!')).toBeInTheDocument();
    expect(document.querySelector('[aria-live="polite"][data-live-area]')).toHaveTextContent(/^Booking confirmed!$/);
    await user.selectOptions(screen.getByLabelText('Session type'), 'PC');
    expect(screen.queryByText('Booking confirmed!')).toBeNull();
  });

  it("says 'Booking confirmed!' for 3 s, then forgets the check too (no Confirm Booking comes back)", async () => {
    renderForm([available, booked, myUpcoming]);
    await fill({ date, start: '14:00', end: '15:00' });
    const confirm = await screen.findByRole('button', { name: 'Confirm Booking' });
    jest.useFakeTimers();
    try {
      await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(confirm);
      // the 3 s count from the server's answer, which is when the message shows (the fake clock moves only as the
      // test says, or as finding the message moves it)
      expect(await screen.findByText('Booking confirmed!')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Confirm Booking' })).toBeNull();
      act(() => jest.advanceTimersByTime(2990));
      expect(screen.getByText('Booking confirmed!')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(10));
      expect(screen.queryByText('Booking confirmed!')).toBeNull();
      // the availability went with it: the slot is not offered again as free
      expect(screen.queryByRole('button', { name: 'Confirm Booking' })).toBeNull();
      expect(screen.queryByText(/free for this slot/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Check Availability' })).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
  });
});
