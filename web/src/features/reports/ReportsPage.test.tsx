import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VenueTimeZone } from '../../lib/venue-time';
import { MockedProvider } from '@apollo/client/testing/react';
import { BackButton, renderAt } from '../../test/render';
import { ReportsPage, ReportsPageQuery } from './ReportsPage';

/** The venue's time zone, which the page asks for whatever range the URL gives. */
const timeZone = {
  request: { query: VenueTimeZone },
  result: { data: { venue: { __typename: 'Venue', timeZone: 'America/New_York' } } },
};

describe('ReportsPage', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('builds each change of the range on the last one, even when two come before the page renders again', async () => {
    jest.useFakeTimers();
    // No answers are mocked (the URL is what this is about): the reports fail to load, and Apollo says so.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt(
      '/reports?from=2026-10-01&to=2026-10-31',
      <MockedProvider mocks={[]}>
        <ReportsPage />
      </MockedProvider>,
    );
    // Both fields changed at once: their typing pauses end together, and both dates go to the URL.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-15' } });
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByTestId('location')).toHaveTextContent('/reports?from=2026-09-01&to=2026-11-15');
    await act(async () => {});
  });

  it('makes a grouping picked a history entry of its own, which Back leaves; dates replace theirs', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt(
      '/reports?from=2026-10-01&to=2026-10-31',
      <>
        <MockedProvider mocks={[]}>
          <ReportsPage />
        </MockedProvider>
        <BackButton />
      </>,
    );
    const where = screen.getByTestId('location');
    await user.selectOptions(await screen.findByLabelText('Group by'), 'WEEK');
    expect(where).toHaveTextContent('/reports?from=2026-10-01&to=2026-10-31&groupBy=WEEK');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    fireEvent.blur(screen.getByLabelText('From'));
    expect(where).toHaveTextContent('/reports?from=2026-09-01&to=2026-10-31&groupBy=WEEK');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(where).toHaveTextContent(/^\/reports\?from=2026-10-01&to=2026-10-31$/);
  });

  it('says when the venue could not be asked for its time zone, and asks again on Try again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const reports = jest.fn(() => ({
      errors: [{ message: 'The reports are being rebuilt.', extensions: { code: 'BAD_USER_INPUT' } }],
    }));
    renderAt(
      '/reports',
      <MockedProvider
        mocks={[
          { request: { query: VenueTimeZone }, error: new Error('Failed to fetch') },
          timeZone,
          { request: { query: ReportsPageQuery, variables: () => true }, result: reports },
        ]}
      >
        <ReportsPage />
      </MockedProvider>,
    );
    // the default range waits for the venue's time zone: its failure is said, not an empty page
    expect(await screen.findByRole('alert')).toHaveTextContent('The reports could not be loaded. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The reports are being rebuilt.')).toBeInTheDocument();
    expect(reports).toHaveBeenCalledTimes(1);
  });

  it('says a range the server refuses at the field it names, without a Try again that would be refused again', async () => {
    renderAt(
      '/reports?from=2026-11-27&to=2026-11-01',
      <MockedProvider
        mocks={[
          timeZone,
          {
            request: { query: ReportsPageQuery, variables: () => true },
            result: {
              errors: [
                {
                  message: 'The from date must be on or before the to date.',
                  extensions: { code: 'BAD_USER_INPUT', field: 'to' },
                },
              ],
            },
          },
        ]}
      >
        <ReportsPage />
      </MockedProvider>,
    );
    const said = await screen.findByRole('alert');
    expect(said).toHaveTextContent(/^The from date must be on or before the to date\.$/);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The from date must be on or before the to date.');
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
  });

  it('offers Try again for a refusal that is not about the range (an admin no more, say)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(
      '/reports?from=2026-01-01&to=2026-11-01',
      <MockedProvider
        mocks={[
          timeZone,
          {
            request: { query: ReportsPageQuery, variables: () => true },
            result: { errors: [{ message: 'You are not allowed to do that.', extensions: { code: 'FORBIDDEN' } }] },
          },
        ]}
      >
        <ReportsPage />
      </MockedProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do that.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('To')).not.toHaveAttribute('aria-invalid');
  });
});
