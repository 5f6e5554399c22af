import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

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
 * Answers a request Node's parser refuses (headers over 16 kB, a garbled request line) with the statuses Node would
 * send (431, 413, 408, 400), but with a JSON `{ message }` body like every other refusal of the API, instead of an
 * empty one. The socket is closed after: what follows on it cannot be trusted to start a request.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, message] = refusalOf(error.code);
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
