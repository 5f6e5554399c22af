import { CombinedGraphQLErrors } from '@apollo/client';

/** The server's own message for a failed operation, if it gave one (spec §8 falls back otherwise). */
export function serverMessage(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || undefined;
  return undefined;
}
