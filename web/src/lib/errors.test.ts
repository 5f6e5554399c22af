import { CombinedGraphQLErrors } from '@apollo/client';
import { GraphQLError } from 'graphql';
import { renderHook } from '@testing-library/react';
import { logFailure, serverMessage, useLoggedFailure } from './errors';

function answered(...codes: (string | undefined)[]) {
  return new CombinedGraphQLErrors({
    errors: codes.map((code) => new GraphQLError(`refused: ${code}`, code ? { extensions: { code } } : {})),
  });
}

describe('logFailure', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => (logged = jest.spyOn(console, 'error').mockImplementation(() => {})));
  afterEach(() => logged.mockRestore());

  it.each(['BAD_USER_INPUT', 'CONFLICT', 'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED', 'RATE_LIMITED'])(
    'keeps the console quiet for a %s refusal, which the page explains',
    (code) => {
      logFailure('Booking failed', answered(code));
      expect(logged).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['a network failure', new TypeError('Failed to fetch')],
    ['a masked server error', answered('INTERNAL_SERVER_ERROR')],
    ['an error without a code', answered(undefined)],
    ['a request the server could not read', answered('BAD_REQUEST')],
    ['a refusal alongside a fault', answered('CONFLICT', 'INTERNAL_SERVER_ERROR')],
  ])('logs %s, with what failed', (_, error) => {
    logFailure('Booking failed', error);
    expect(logged).toHaveBeenCalledWith('Booking failed', error);
  });
});

describe('useLoggedFailure', () => {
  it("logs a query's failure once, however often the page showing it renders, and again for a new failure", () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const first = new TypeError('Failed to fetch');
    const { rerender } = renderHook(({ error }) => useLoggedFailure('Loading orders failed', error), {
      initialProps: { error: undefined as unknown },
    });
    expect(logged).not.toHaveBeenCalled();
    rerender({ error: first });
    rerender({ error: first });
    rerender({ error: first });
    expect(logged).toHaveBeenCalledTimes(1);
    rerender({ error: new TypeError('Failed to fetch') });
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});

describe('serverMessage', () => {
  it("is the server's first message, or nothing for a failure that is not the server's answer", () => {
    expect(serverMessage(answered('CONFLICT'))).toBe('refused: CONFLICT');
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
