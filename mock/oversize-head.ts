import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** A whole answer written on the socket by hand: node's request parser gave up before a response object existed. */
export interface HeadAnswer {
  status: number;
  body: unknown;
  /** Default `application/json; charset=utf-8`. */
  contentType?: string;
  headers?: Record<string, string>;
}

/** How long the socket keeps being drained after the answer before it is closed. */
const DRAIN_MS = 5000;

/**
 * A request whose line and headers are longer than node reads (its maxHeaderSize, 16 KiB by default) never
 * reaches a request handler: node answers a bare 431 and closes. Here it gets `answer()`, the server's own
 * error in its own convention (the mock's error envelope, an adapter's translation of it). Other requests
 * node cannot parse get node's own answers (408 for a head that took too long, 400 otherwise).
 *
 * The answer is sent, the writing side closed, and what the client still sends is read and dropped for a
 * while: closing a socket with unread bytes resets the connection, and the client could lose the answer.
 */
export function answerOversizeHeads(server: Server, answer: () => HeadAnswer): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      const { status, body, contentType, headers } = answer();
      writeAndClose(socket, status, { 'Content-Type': contentType ?? 'application/json; charset=utf-8', ...headers }, JSON.stringify(body));
      return;
    }
    writeAndClose(socket, error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400, {}, '');
  });
}

function writeAndClose(socket: Duplex, status: number, headers: Record<string, string>, text: string): void {
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    ...Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(text)), Connection: 'close' }).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
  socket.on('data', () => {});
  socket.on('error', () => socket.destroy());
  socket.resume();
  setTimeout(() => socket.destroy(), DRAIN_MS).unref();
}
