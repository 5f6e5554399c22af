import { act, renderHook } from '@testing-library/react';
import { useFlash } from './use-flash';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('shows a success message for 3 seconds (spec: password change and profile save), the last one for its own 3', () => {
  const { result } = renderHook(() => useFlash());
  act(() => result.current[1]('Profile updated successfully'));
  act(() => jest.advanceTimersByTime(2999));
  expect(result.current[0]).toBe('Profile updated successfully');
  act(() => jest.advanceTimersByTime(1));
  expect(result.current[0]).toBeUndefined();

  act(() => result.current[1]('Password updated successfully'));
  act(() => jest.advanceTimersByTime(2000));
  act(() => result.current[1]('Password updated successfully')); // again: the 3 seconds start over
  act(() => jest.advanceTimersByTime(2999));
  expect(result.current[0]).toBe('Password updated successfully');
  act(() => jest.advanceTimersByTime(1));
  expect(result.current[0]).toBeUndefined();
});
