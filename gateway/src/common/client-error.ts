import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from './rest';

/** What Node's HTTP parser refused, before any route saw the request: its status and message. */
function refusalOf(code: string | undefined): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Request headers are too large.'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'Request chunk extensions are too large.'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'The request took too long to arrive.'];
    default:
      return [400, 'Malformed HTTP request.'];
  }
}

/**
 * The request's Origin, when the bytes Node refused hold it whole (a search text too long for the headers is a
 * request line over 16 kB, read with the headers after it) and it is one CORS allows: a browser client on that origin
 * then reads the refusal's message instead of seeing a network error. Best effort: a request that arrived in pieces
 * may have its Origin in a piece not read yet.
 */
function allowedOriginOf(rawPacket: unknown, corsOrigins: readonly string[]): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  // One pattern with a single open run, read to the line's end (linear, whatever the bytes: a pattern whose parts
  // could share a run of spaces took minutes on a crafted line), in the first 64 kB only; the value is trimmed after.
  const head = rawPacket.subarray(0, 64 * 1024).toString('latin1');
  const origin = /\r\norigin:([^\r\n]*)\r\n/i.exec(head)?.[1].trim();
  return origin && corsOrigins.includes(origin) ? origin : undefined;
}

/**
 * Answers a request Node's parser refuses (headers over 16 kB, a garbled request line) with the statuses Node would
 * send (431, 413, 408, 400), but with the API's JSON error body `{ message, error, code }` like every other refusal,
 * instead of an empty one, and CORS's header for an allowed origin. The socket is closed after: what follows on it
 * cannot be trusted to start a request.
 */
export function answerClientErrors(server: Server, corsOrigins: readonly string[]): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, message] = refusalOf(error.code);
    const body = JSON.stringify(errorBody(message, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_USER_INPUT'));
    const origin = allowedOriginOf(error.rawPacket, corsOrigins);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        // as the app's own CORS answers (app.ts): the REST clients send their calls with credentials
        (origin
          ? `Access-Control-Allow-Origin: ${origin}\r\nAccess-Control-Allow-Credentials: true\r\nVary: Origin\r\n`
          : '') +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
