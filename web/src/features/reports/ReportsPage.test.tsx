import { act, fireEvent, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { renderAt } from '../../test/render';
import { ReportsPage } from './ReportsPage';

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
});
