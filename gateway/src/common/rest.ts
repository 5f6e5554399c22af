import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Router } from 'express';
import { AppError, badInput, databaseUnavailable, INTERNAL_MESSAGE } from './errors';
import type { RequestContext } from '../graphql/context';

/** The request context the context middleware put on the request. */
export function ctxOf(req: Request): RequestContext {
  const ctx = (req as Request & { ctx?: RequestContext }).ctx;
  if (!ctx) throw new Error('request context middleware is not mounted');
  return ctx;
}

export function attachCtx(req: Request, ctx: RequestContext): void {
  (req as Request & { ctx?: RequestContext }).ctx = ctx;
}

/**
 * Error bodies of the REST shims: the same human text under `message` and `error`
 * (existing clients read one or the other) plus a machine `code`.
 */
export function errorBody(message: string, code: string) {
  return { message, error: message, code };
}

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** PostgreSQL text cannot hold NUL: a NUL reaching a query was a 500, so inputs with one are refused up front. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value))
    return Object.values(value).some(containsNul);
  return false;
}

/** REST-COMPAT promises a client error, never a 500: a NUL anywhere in the URL or a JSON body is a 400. */
export const refuseNulText: RequestHandler = (req, _res, next) => {
  if (/%00/i.test(req.originalUrl) || containsNul(req.body)) throw badInput(NUL_MESSAGE);
  next();
};

/**
 * JSON bodies up to 1 MB (REST-COMPAT). A `__proto__` key is dropped while parsing: copied onto an object later it
 * would replace that object's prototype instead of being an ordinary (unknown, ignored) field.
 */
export const jsonBody = () =>
  express.json({ limit: '1mb', reviver: (key, value: unknown) => (key === '__proto__' ? undefined : value) });

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody(`No API route ${req.method} ${req.originalUrl.split('?')[0]}.`, 'NOT_FOUND'));
};

/**
 * What a 4xx from body-parser, the upload parser or static files says: malformed JSON, payload too large, no such
 * file... A file's error names its path on disk, so only its status is told.
 */
function clientError(err: { type?: string; expose?: boolean; message?: string }, status: number): [string, string] {
  if (status === 404) return ['Not found.', 'NOT_FOUND'];
  if (status === 403) return ['Forbidden.', 'FORBIDDEN'];
  if (err.type === 'entity.parse.failed') return ['Malformed JSON body.', 'BAD_USER_INPUT'];
  const message = err.expose ? String(err.message) : 'Bad request.';
  return [message, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_USER_INPUT'];
}

export const apiErrorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  if (err instanceof AppError) {
    const retryAfter = err.extensions.retryAfter;
    if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    res.status(err.httpStatus).json(errorBody(err.message, err.code));
    return;
  }
  const status =
    typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    const [message, code] = clientError(err, status);
    res.status(status).json(errorBody(message, code));
    return;
  }
  // The request log's line for this request carries the error (pino-http reads res.err): one line, at error level.
  res.err = err;
  const unavailable = databaseUnavailable(err);
  if (unavailable) {
    res.setHeader('Retry-After', '5');
    res.status(unavailable.httpStatus).json(errorBody(unavailable.message, unavailable.code));
    return;
  }
  res.status(500).json(errorBody(INTERNAL_MESSAGE, 'INTERNAL_SERVER_ERROR'));
};

/** A query-string value as text: a repeated parameter (`?search=a&search=b`) counts by its first value. */
export function queryText(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** A query-string list, given repeated (`?status=a&status=b`), comma-separated (`?status=a,b`) or both. */
export function queryList(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values
    .filter((item): item is string => typeof item === 'string')
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A router for one module's shims; Express 5 forwards rejected promises to the error handler. */
export function restRouter(): Router {
  return express.Router();
}
