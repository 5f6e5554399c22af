import { GraphQLError } from 'graphql';
import { isTransactionConflict } from './pg-errors';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

const httpStatusByCode: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * An expected failure a caller can cause. Its message is shown to people as is,
 * through GraphQL (extensions.code) and through the REST shims (HTTP status + body).
 */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  readonly httpStatus: number;

  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}, httpStatus?: number) {
    super(message, { extensions: { code, ...extra } });
    this.code = code;
    this.httpStatus = httpStatus ?? httpStatusByCode[code];
  }
}

export const badInput = (message: string, field?: string) =>
  new AppError('BAD_USER_INPUT', message, field ? { field } : {});
export const unauthenticated = (message = 'Please log in to continue.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, field?: string) => new AppError('CONFLICT', message, field ? { field } : {});

/** Too many attempts; the REST shims also send Retry-After. */
export const rateLimited = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfter: retryAfterSeconds },
  );
};

export const DATABASE_UNAVAILABLE_MESSAGE = 'Checkpoint is very busy right now. Please try again in a moment.';

/**
 * The database could not be reached in time: every pooled connection stayed busy for DATABASE_WAIT_MS, or PostgreSQL
 * is down, went away mid-query, is restarting, has too many clients or a full disk; or it rolled the transaction back
 * to let a colliding one through (a deadlock, a serialization failure). Nothing the caller sent is wrong, so they are
 * told to retry (503) rather than shown a 500. Null for any other error.
 */
export function databaseUnavailable(error: unknown): AppError | null {
  const { message = '', code } = (error ?? {}) as { message?: string; code?: string };
  const unavailable =
    /^timeout exceeded when trying to connect|^Connection terminated (due to connection timeout|unexpectedly)/.test(
      message,
    ) || // pg: no connection in time, or the server went away mid-query
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === '57P01' || // admin_shutdown
    code === '57P02' || // crash_shutdown (another backend crashed)
    code === '57P03' || // cannot_connect_now (starting up, shutting down)
    code === '53300' || // too_many_connections
    code === '53100' || // disk_full: writes fail until space is freed
    isTransactionConflict(error);
  return unavailable ? new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE) : null;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
