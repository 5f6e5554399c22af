import { act, renderHook } from '@testing-library/react';
import { useConfirmedAction } from './use-confirmed-action';

afterEach(() => jest.restoreAllMocks());

it('runs one action at a time: a second press while the first is on its way asks nothing and runs nothing', async () => {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { result } = renderHook(() => useConfirmedAction());
  let finish!: () => void;
  const action = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  let first!: Promise<boolean>;
  let second!: Promise<boolean>;
  act(() => {
    first = result.current.run('delete:1', 'Sure?', action);
    second = result.current.run('delete:1', 'Sure?', action);
  });
  expect(result.current.busy).toBe('delete:1');
  await act(async () => finish());
  expect(await first).toBe(true);
  expect(await second).toBe(false);
  expect(confirm).toHaveBeenCalledTimes(1);
  expect(action).toHaveBeenCalledTimes(1);
  expect(result.current.busy).toBeUndefined();
});

it('runs nothing when the question is answered no, and is free again after an action that failed', async () => {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  const { result } = renderHook(() => useConfirmedAction());
  const action = jest.fn(() => Promise.reject(new Error('down')));
  await act(async () => expect(await result.current.run('x', 'Sure?', action)).toBe(false));
  expect(action).not.toHaveBeenCalled();
  confirm.mockReturnValue(true);
  await act(async () => expect(result.current.run('x', 'Sure?', action)).rejects.toThrow('down'));
  expect(result.current.busy).toBeUndefined();
  const next = jest.fn(() => Promise.resolve());
  await act(async () => expect(await result.current.run('y', 'Sure?', next)).toBe(true));
  expect(next).toHaveBeenCalledTimes(1);
});
