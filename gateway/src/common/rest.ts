import { isUtf8 } from 'node:buffer';
import { parse } from 'node:querystring';
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { AppError, badInput, DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailable, INTERNAL_MESSAGE } from './errors';
import type { RequestContext } from '../graphql/context';
import { DECIMAL_NUMBER, NUL_MESSAGE, unstorableText } from './text';

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

/** REST-COMPAT promises a client error, never a 500: a NUL anywhere in the URL, or unstorable text in a JSON body, is a 400. */
export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  if (/%00/i.test(req.originalUrl)) throw badInput(NUL_MESSAGE);
  const problem = unstorableText(req.body);
  if (problem) throw badInput(problem);
  next();
};

/** What a body that is not UTF-8 is told: one in another charset, or one whose bytes do not decode. */
export const NOT_UTF8_MESSAGE = 'Request body must be UTF-8.';

/**
 * JSON bodies up to 1 MB (REST-COMPAT). A `__proto__` key is dropped while parsing: copied onto an object later it
 * would replace that object's prototype instead of being an ordinary (unknown, ignored) field. Bytes that are not UTF-8
 * are refused before parsing: decoded, they would become U+FFFD and be stored as such ("pl�ayer").
 */
export const jsonBody = ({ plainText = false } = {}) =>
  express.json({
    limit: '1mb',
    reviver: (key, value: unknown) => (key === '__proto__' ? undefined : value),
    // body-parser takes any utf-* charset; UTF-8 alone is read, and its bytes must be UTF-8.
    verify: (_req, _res, bytes, encoding) => {
      if (encoding.toLowerCase() !== 'utf-8' || !isUtf8(bytes))
        throw Object.assign(new Error(NOT_UTF8_MESSAGE), { status: 400, type: 'charset.invalid' });
    },
    // The REST shims also read JSON sent as text/plain, as fetch labels a string body given no Content-Type: such a
    // client's body was once ignored (and its request answered as if empty). A browser on another site can send such
    // a body without asking first: app.ts refuses its changes by their Origin. GraphQL keeps JSON only (its CSRF rule).
    type: plainText ? ['application/json', 'text/plain'] : 'application/json',
  });

const NOT_JSON_MESSAGE = 'Request body must be JSON, sent with Content-Type: application/json.';

/**
 * A body no parser read (a URL-encoded form, XML, no content type): refused in words, instead of being taken for an
 * empty body and answered "Email is required.". Multipart forms are read by the routes that take files, and a body
 * already read (the Stripe webhook's raw bytes) passes.
 */
export const refuseUnreadBody: RequestHandler = (req, _res, next) => {
  // A Content-Length of 0 is no body (type-is would count it as one).
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBody && req.body === undefined && !req.is(['application/json', 'text/plain', 'multipart/form-data'])) {
    throw badInput(NOT_JSON_MESSAGE);
  }
  next();
};

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json(errorBody(`No API route ${req.method} ${req.originalUrl.split('?')[0]}.`, 'NOT_FOUND'));
};

/**
 * Files are only read: another method on their paths is a 405 in JSON, as every other refusal, naming the methods
 * that work (the static file server answers it with an empty body).
 */
export const filesOnlyRead: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  res.setHeader('Allow', 'GET, HEAD');
  res.status(405).json(errorBody(`Files here can only be read (GET), not ${req.method}.`, 'METHOD_NOT_ALLOWED'));
};

/** Anything else no route takes (a POST to a page's path, a GET that wants no HTML): JSON, not Express's HTML page. */
export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody('Not found.', 'NOT_FOUND'));
};

/**
 * What a 4xx from body-parser, the upload parser or static files says: malformed JSON, payload too large, no such
 * file... A file's error names its path on disk, so only its status is told. An unsupported charset or encoding is
 * bad input like any other (REST-COMPAT's statuses have no 415).
 */
function clientError(
  err: { type?: string; code?: string; expose?: boolean; message?: string },
  status: number,
): { status: number; message: string; code: string } {
  const bad = (message: string) => ({ status: 400, message, code: 'BAD_USER_INPUT' });
  if (status === 404) return { status, message: 'Not found.', code: 'NOT_FOUND' };
  if (status === 403) return { status, message: 'Forbidden.', code: 'FORBIDDEN' };
  if (err.type === 'entity.parse.failed') return bad('Malformed JSON body.');
  if (err.type === 'entity.too.large') {
    return { status, message: 'Request body is too large (1 MB at most).', code: 'PAYLOAD_TOO_LARGE' };
  }
  if (err.type === 'charset.unsupported' || err.type === 'charset.invalid') return bad(NOT_UTF8_MESSAGE);
  if (err.type === 'encoding.unsupported') return bad('Content-Encoding must be gzip, deflate, br, zstd or identity.');
  // zlib's own words ("incorrect header check") tell a client nothing.
  if (err.code?.startsWith('Z_')) return bad('The request body could not be decompressed.');
  const message = err.expose ? String(err.message) : 'Bad request.';
  return { status, message, code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_USER_INPUT' };
}

/**
 * What an error thrown before or outside a resolver tells the client: its status, text and code. A 5xx is logged with
 * the request (pino-http reads res.err) and its text is masked.
 */
function errorReply(err: unknown, res: Response): { status: number; message: string; code: string } {
  if (err instanceof AppError) {
    const retryAfter = err.extensions.retryAfter;
    if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    return { status: err.httpStatus, message: err.message, code: err.code };
  }
  const e = err as { status?: unknown; statusCode?: unknown } | undefined;
  const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    return clientError(err as Parameters<typeof clientError>[0], status);
  }
  res.err = err as Error;
  const unavailable = databaseUnavailable(err);
  if (unavailable) {
    res.setHeader('Retry-After', '5');
    return { status: unavailable.httpStatus, message: unavailable.message, code: unavailable.code };
  }
  return { status: 500, message: INTERNAL_MESSAGE, code: 'INTERNAL_SERVER_ERROR' };
}

/**
 * The most of a refused request's unread body that is read and dropped before the answer; how long the client may send
 * nothing meanwhile, and how long it may take in all.
 */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
const DRAIN_IDLE_MS = 5_000;
const DRAIN_MAX_MS = 30_000;

/**
 * A request refused before its body was read (no admin token on an upload, a form too large, a broken form): the rest
 * of the body is read and dropped before the answer, so a client still sending it reads the answer. Answered at once,
 * the connection would be reset under a client still writing (EPIPE), which never sees why. A body larger than
 * DRAIN_MAX_BYTES, or one whose client stops sending for DRAIN_IDLE_MS or takes DRAIN_MAX_MS in all, is not waited
 * for: the connection closes after the answer (kept open, a client that stopped sending mid-body, or is already
 * sending its next request, would wait for ever).
 */
async function afterUnreadBody(req: Request, res: Response): Promise<void> {
  if (req.complete) return;
  const declared = Number(req.headers['content-length']);
  const drained =
    !req.destroyed &&
    !(declared > DRAIN_MAX_BYTES) &&
    (await new Promise<boolean>((resolve) => {
      let read = 0;
      const done = (whole: boolean) => {
        clearTimeout(idle);
        clearTimeout(overall);
        req.off('data', onData).off('end', onEnd).off('error', onError);
        resolve(whole);
      };
      const onData = (chunk: Buffer) => {
        read += chunk.length;
        if (read > DRAIN_MAX_BYTES) done(false);
        else idle.refresh();
      };
      const onEnd = () => done(true);
      const onError = () => done(false);
      const idle = setTimeout(() => done(false), DRAIN_IDLE_MS);
      const overall = setTimeout(() => done(false), DRAIN_MAX_MS);
      req.on('data', onData).on('end', onEnd).on('error', onError);
      req.resume();
    }));
  if (!drained) res.setHeader('Connection', 'close');
}

/** An error handler that answers `reply(status, message, code)`, once what the request still sends is dealt with. */
function answering(reply: (res: Response, status: number, message: string, code: string) => void): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const { status, message, code } = errorReply(err, res);
    res.status(status); // logged so, also when the client goes before the answer
    void afterUnreadBody(req, res).then(() => {
      if (!res.headersSent && !res.destroyed) reply(res, status, message, code);
    });
  };
}

/** The shims' errors (and what Express refuses outside /api and /graphql): `{ message, error, code }`. */
export const apiErrorHandler = answering((res, status, message, code) =>
  res.status(status).json(errorBody(message, code)),
);

/**
 * A /graphql request refused before Apollo reads it (malformed JSON, a bad or oversized upload): answered the way
 * GraphQL clients read errors, `{ errors: [{ message, extensions: { code } }] }`.
 */
export const graphqlRequestErrorHandler = answering((res, status, message, code) =>
  res.status(status).json({ errors: [{ message, extensions: { code } }] }),
);

/**
 * Answers a JSON array whose items come as JSON text, batch by batch, from `produce`: it hands each batch (never empty)
 * to `write` and stops when that answers false (the client has gone, or was cut off). Each batch goes out as it comes,
 * once the client has taken the one before, so the gateway holds about one batch however long the list is
 * (compression() still applies). Items are joined as PostgreSQL's json_agg joins them (", "): the bytes are those of
 * the list as one json_agg text.
 *
 * What a producer sends holds a pooled connection and an open transaction for as long as the client takes, so:
 * a client that does not take a batch within `stalledMs` is cut off; at most MAX_STREAMS answers stream at once, and one more is
 * told the venue is busy (503, before any byte); a HEAD request is answered without asking the producer.
 *
 * A failure before the first item is thrown, for the error handler to answer as any other. After it, the status has
 * gone out: the response is destroyed, so the client sees the answer cut off rather than a short list that looks
 * whole, and the request's log line carries the failure.
 */
export async function sendJsonArray(
  res: Response,
  produce: (write: (items: string[]) => Promise<boolean>) => Promise<void>,
  stalledMs = STALLED_CLIENT_MS,
): Promise<void> {
  res.type('json');
  if (res.req.method === 'HEAD') return void res.end();
  if (streaming >= MAX_STREAMS)
    throw new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, { retryAfter: 5 });
  streaming++;
  try {
    const drained = drainOf(res, stalledMs);
    let separator = '[';
    try {
      await produce(async (items) => {
        if (!res.write(separator + items.join(', '))) await drained();
        separator = ', ';
        return !res.destroyed;
      });
    } catch (err) {
      if (!res.headersSent) throw err;
      res.err = err as Error;
      res.destroy();
      return;
    }
    if (!res.destroyed) res.end(separator === '[' ? '[]' : ']');
  } finally {
    streaming--;
  }
}

/**
 * How long sendJsonArray waits for a client to take a batch before it cuts the answer off: a client that stopped
 * reading must not keep a pooled connection and an open transaction. A batch is taken once it has left for the
 * kernel, which takes more when it has room for about half its buffers (MBs): a client must keep taking a few hundred
 * kB a minute.
 */
const STALLED_CLIENT_MS = 60_000;
/** Answers sendJsonArray streams at once in this process, each holding a pooled connection (of 20). */
export const MAX_STREAMS = 4;
let streaming = 0;

/**
 * Waits until the client has taken what was written, or has gone (then no 'drain' comes), or has not taken it within
 * `stalledMs` (then the response is destroyed). One listener of each for the whole response: compression() moves
 * 'drain' listeners onto its zlib stream, where once() could not remove them.
 */
function drainOf(res: Response, stalledMs: number): () => Promise<void> {
  let wake = () => {};
  res.on('drain', () => wake());
  res.on('close', () => wake());
  return () => {
    if (res.destroyed) return Promise.resolve();
    const stalled = setTimeout(() => res.destroy(), stalledMs);
    return new Promise<void>((resolve) => (wake = resolve)).finally(() => clearTimeout(stalled));
  };
}

/**
 * Express's query parser ('simple', node:querystring), except that `key[]=a&key[]=b`, as axios and jQuery send a list,
 * is read as `key=a&key=b`: not as a parameter named `key[]` that no route reads, which left its filter off without a
 * word. Nothing is nested (`a[b]=c` stays a key of its own), so no object ever comes out of a query string.
 */
export function parseQuery(text: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of Object.entries(parse(text))) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const values = [query[name] ?? [], value ?? []].flat();
    if (values.length > 0) query[name] = values.length === 1 ? values[0] : values;
  }
  return query;
}

/** A query-string value as text: a repeated parameter (`?search=a&search=b`) counts by its first value. */
export function queryText(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/**
 * A query-string number (`page`, `limit`): a decimal number (`2`, `-1`, `1.5`, `1e9`) becomes that number, and anything
 * else is handed on as it came, for the list's validation to refuse with its own message (a 400, never ignored, never
 * a 500): "1e9" is told it is above the highest page, not that it is below 1.
 */
export function queryNumber(value: unknown): unknown {
  const text = queryText(value)?.trim();
  return text !== undefined && DECIMAL_NUMBER.test(text) ? Number(text) : value;
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
