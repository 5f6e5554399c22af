import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { ArgumentValidationError } from 'type-graphql';
import { firstValidationMessage } from '../common/validation';
import { AppError, databaseUnavailable, INTERNAL_MESSAGE } from '../common/errors';

/**
 * An error GraphQL or Apollo Server raised about the request itself, outside any field: a subscription (the schema has
 * none), a persisted query whose hash does not match, too many bad list variables. The client's fault, with no code of
 * its own and no cause. (An error with a path, such as a null in a non-null field, is a fault of ours.)
 */
function isRequestError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError && !error.originalError && !error.path && !error.extensions?.code;
}

/**
 * Arguments that failed their rules, with the list of failures. A rule that threw (a bug of ours or of a validator)
 * reaches type-graphql as an ArgumentValidationError too, but holding what it threw instead of the list.
 */
function isValidationFailure(error: unknown): error is ArgumentValidationError {
  return error instanceof ArgumentValidationError && Array.isArray(error.extensions.validationErrors);
}

/** True for what we did not expect: it is logged (with the request id) and masked. */
export function isUnexpectedError(error: unknown): boolean {
  const original = unwrapResolverError(error);
  if (isRequestError(original) || isValidationFailure(original) || original instanceof AppError) return false;
  if (original instanceof ArgumentValidationError) return true; // a rule that threw
  if (!(original instanceof GraphQLError)) return true;
  const code = original.extensions?.code;
  return !code || code === 'INTERNAL_SERVER_ERROR';
}

/**
 * GraphQL's refusal of a variable's value prints the value. An upload prints as graphql-upload's object, whose first
 * field is a function (JSON holds none; a string that reads so prints in quotes, after a quote): a file sent for a
 * variable that takes none, said so, not printed as the server's objects.
 */
const UPLOAD_ECHOED = /^Variable "\$([^"]+)" got invalid value [^"]*?\{ _resolve: \[function\]/;

function withoutEchoedUpload(message: string): string {
  const echoed = UPLOAD_ECHOED.exec(message);
  return echoed ? `Variable "$${echoed[1]}" got a file, which it does not take.` : message;
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
  if (isValidationFailure(original)) {
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
  if (isRequestError(original)) {
    return { message: original.message, locations, extensions: { code: 'BAD_REQUEST' } };
  }
  if (isUnexpectedError(error)) {
    return { message: INTERNAL_MESSAGE, path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
  return {
    message: withoutEchoedUpload(formatted.message),
    locations,
    path,
    extensions: { code: formatted.extensions?.code },
  };
}

/** What to log of an unexpected error: for a rule that threw, what it threw. */
export function unexpectedCause(error: GraphQLError): unknown {
  const original = unwrapResolverError(error);
  if (original instanceof ArgumentValidationError) return original.extensions.validationErrors;
  return error.originalError ?? error;
}
