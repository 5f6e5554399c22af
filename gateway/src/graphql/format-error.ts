import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { ArgumentValidationError } from 'type-graphql';
import { firstValidationMessage } from '../common/validation';
import { AppError, databaseUnavailable, INTERNAL_MESSAGE } from '../common/errors';

/** True for what we did not expect: it is logged (with the request id) and masked. */
export function isUnexpectedError(error: unknown): boolean {
  const original = unwrapResolverError(error);
  if (original instanceof AppError || original instanceof ArgumentValidationError) return false;
  if (!(original instanceof GraphQLError)) return true;
  const code = original.extensions?.code;
  return !code || code === 'INTERNAL_SERVER_ERROR';
}

/**
 * Coded errors (ours, validation, GraphQL's own parse and validation errors, limits)
 * go out as they are; anything unexpected is masked.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const { locations, path } = formatted;
  if (original instanceof AppError) {
    return { message: original.message, locations, path, extensions: original.extensions };
  }
  if (original instanceof ArgumentValidationError) {
    const first = firstValidationMessage(original.extensions.validationErrors);
    return {
      message: first?.message ?? 'Invalid input.',
      locations,
      path,
      extensions: { code: 'BAD_USER_INPUT', field: first?.field },
    };
  }
  const unavailable = databaseUnavailable(original);
  if (unavailable) return { message: unavailable.message, path, extensions: unavailable.extensions };
  if (isUnexpectedError(error)) {
    return { message: INTERNAL_MESSAGE, path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
  return { message: formatted.message, locations, path, extensions: { code: formatted.extensions?.code } };
}
