import { CombinedGraphQLErrors } from '@apollo/client';
import { useEffect } from 'react';

/** The server's own message for a failed operation, if it gave one (spec §8 falls back otherwise). */
export function serverMessage(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || undefined;
  return undefined;
}

/** An extension of the server's first error, if the server answered with one. */
function firstExtension(error: unknown, name: string): string | undefined {
  if (CombinedGraphQLErrors.is(error)) return (error.errors[0]?.extensions?.[name] as string | undefined) ?? undefined;
  return undefined;
}

/** The `code` of the server's first error (FORBIDDEN, CONFLICT...), if the server answered with one. */
export const serverCode = (error: unknown) => firstExtension(error, 'code');

/** The input field the server's first error is about (`extensions.field`), if it named one. */
export const serverField = (error: unknown) => firstExtension(error, 'field');

/** Codes of the server's answers that refuse what the user asked (the page shows why): not faults of the app. */
const REFUSALS = new Set([
  'BAD_USER_INPUT',
  'CONFLICT',
  'FORBIDDEN',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
]);

/** Whether a failed operation is only the server refusing the request ("Invalid email or password."). */
export function isRefusal(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.length > 0 &&
    error.errors.every((e) => REFUSALS.has(String(e.extensions?.code)))
  );
}

/**
 * Logs a failed operation to the console, unless it is a refusal the page already explains: the console is for what
 * a developer should look at (a network failure, a masked server error, a bug), not a wrong password or a full slot.
 */
export function logFailure(what: string, error: unknown): void {
  if (!isRefusal(error)) console.error(what, error);
}

/** Logs a query's failure (as logFailure does) once per error, not at every render of the page showing it. */
export function useLoggedFailure(what: string, error: unknown): void {
  useEffect(() => {
    if (error) logFailure(what, error);
  }, [what, error]);
}
