/**
 * Hostile targets: small HTTP servers on 127.0.0.1 that misbehave in one way each. Every server
 * tracks what it did (requests, bytes sent) and closes every connection and timer on close().
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileServer {
  baseUrl: string;
  /** Requests received so far. */
  requests: number;
  /** Body bytes written so far (the huge-body server). */
  bytesSent: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, server: HostileServer, timers: Set<NodeJS.Timeout>) => void;

async function serve(handler: Handler): Promise<HostileServer> {
  const timers = new Set<NodeJS.Timeout>();
  const state: HostileServer = { baseUrl: '', requests: 0, bytesSent: 0, close: async () => undefined };
  const server = createServer((req, res) => {
    state.requests += 1;
    handler(req, res, state, timers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return state;
}

/** (a) Accepts the connection and the request, never answers. */
export const silentServer = () => serve(() => undefined);

/** (b) Answers a valid-looking envelope, but only after delayMs. */
export const slowServer = (delayMs: number) =>
  serve((_req, res, _state, timers) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) json(res, 200, PING_ENVELOPE);
    }, delayMs);
    timers.add(timer);
  });

/** (c) Resets the connection as soon as a request arrives. */
export const resettingServer = () =>
  serve((req) => {
    req.socket.resetAndDestroy();
  });

/** (d) Answers 200 with an HTML page. */
export const garbageServer = () =>
  serve((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<html><body>Service temporarily unavailable, try later</body></html>');
  });

/**
 * (e) Answers 200 with a JSON-looking body of `totalBytes`, generated lazily chunk by chunk as the
 * client reads it (never held in memory), without a Content-Length unless `declareLength`; stops
 * writing when the client goes away.
 */
export const hugeBodyServer = (totalBytes: number, declareLength = false) =>
  serve((_req, res, state) => {
    res.writeHead(200, { 'Content-Type': 'application/json', ...(declareLength ? { 'Content-Length': String(totalBytes) } : {}) });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    chunk.write('{"success":1,"code":0,"errors":[],"data":"');
    const filler = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let first = true;
    let gone = false;
    res.on('close', () => (gone = true));
    const pump = () => {
      while (!gone && sent < totalBytes) {
        const piece = first ? chunk : filler;
        first = false;
        const size = Math.min(piece.length, totalBytes - sent);
        sent += size;
        state.bytesSent += size;
        if (!res.write(size === piece.length ? piece : piece.subarray(0, size))) {
          res.once('drain', pump);
          return;
        }
      }
      if (!gone) res.end();
    };
    pump();
  });

/**
 * (f) Forwards to a working upstream (a mock) but answers HTTP 500 to every `every`-th request
 * (counting from 1; the first request is served, so a preflight passes).
 */
export const flakyServer = (upstreamOrigin: string, every: number) =>
  serve((req, res, state) => {
    if (state.requests % every === 0) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal Server Error');
      return;
    }
    const target = new URL(req.url ?? '/', upstreamOrigin);
    const body: Buffer[] = [];
    req.on('data', (piece: Buffer) => body.push(piece));
    req.on('end', () => {
      const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(body));
    });
  });

/** (g) Forwards to a working upstream (a mock), each answer held back by delayMs (a slow but correct target). */
export const delayingServer = (upstreamOrigin: string, delayMs: number) =>
  serve((req, res, _state, timers) => {
    const target = new URL(req.url ?? '/', upstreamOrigin);
    const body: Buffer[] = [];
    req.on('data', (piece: Buffer) => body.push(piece));
    req.on('end', () => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (res.destroyed) return;
        const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', () => res.destroy());
        upstream.end(Buffer.concat(body));
      }, delayMs);
      timers.add(timer);
    });
  });

const PING_ENVELOPE = { success: 1, code: 0, errors: [], data: { message: 'pong' }, requestID: 'B7C2A4E0-0000-4000-8000-000000000001' };

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}
