import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { TransportFailureReason } from '../types';
import { clockNow, recordedDuration } from './clock';
import type { ProxiedExchange } from './har-writer';

/** The proxy's own path: a GET there is answered by `onReport`, never forwarded. */
export const REPORT_PATH = '/__ems/report';

export interface ProxyOptions {
  /** Where every request goes: an origin, optionally with a path prefix (the request's path is appended). */
  target: string;
  port: number;
  host?: string;
  /** Answers GET /__ems/report (writes the HAR and the reports); its value is sent back as JSON. */
  onReport?: () => Promise<unknown>;
  /** Told once per exchange, when it has ended, before the client gets the end of the answer; an exchange in flight when the proxy closes, as unfinished (the exchange holds tokens: write it only redacted). */
  onExchange?: (exchange: ProxiedExchange) => void;
}

export interface RecordingProxy {
  /** http://host:port of the proxy. */
  url: string;
  /** How many forwarded requests await their answer. */
  inFlight(): number;
  /**
   * Stops: every request still in flight is told to onExchange at once as unfinished (status 0, a `reset` with
   * the reason, `unfinished: true`: it may have reached the target, its answer was never recorded), then the
   * connections are closed and the port freed.
   */
  close(): Promise<void>;
}

/** Headers that belong to one connection, not to the message (RFC 9110 7.6.1); never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * A local HTTP proxy that forwards every request unchanged (method, path and query, headers but the
 * hop-by-hop ones and Host, body bytes) to the target, streams the answer back unchanged, and tells
 * each exchange to onExchange. It sends no request of its own. A target that does not answer gets the
 * client a 502 with a one-line reason, and is recorded as a transport failure (status 0, `error`).
 */
export function startProxy(options: ProxyOptions): Promise<RecordingProxy> {
  const target = new URL(options.target);
  const prefix = target.pathname.replace(/\/+$/, '');
  const client = target.protocol === 'https:' ? https : http;
  /** The forwarded requests awaiting their answer: how each is ended as unfinished when the proxy stops. */
  const pending = new Set<() => void>();

  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === REPORT_PATH && options.onReport) {
      options.onReport().then(
        (value) => answer(res, 200, 'application/json', JSON.stringify(value)),
        (error: unknown) => answer(res, 500, 'text/plain', `ems proxy: the report failed: ${error instanceof Error ? error.message : String(error)}\n`),
      );
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks)));
  });

  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): void {
    const startedAt = clockNow();
    const url = `${target.origin}${prefix}${req.url ?? '/'}`;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'host') headers[name] = value;
    const exchange: ProxiedExchange = {
      method: req.method ?? 'GET',
      url,
      headers: flat(headers),
      ...(body.length > 0 ? { body: body.toString('utf8') } : {}),
      status: 0,
      startedAt,
      durationMs: 0,
    };
    let ended = false;
    const record = (update: Partial<ProxiedExchange>) => {
      if (ended) return;
      ended = true;
      pending.delete(unfinished);
      options.onExchange?.({ ...exchange, ...update, durationMs: recordedDuration(clockNow() - startedAt) });
    };
    const unfinished = () => {
      record({ status: 0, unfinished: true, error: { reason: 'reset', detail: `(unfinished: in flight for ${Math.round(clockNow() - startedAt)} ms when the proxy stopped; the target may have executed it)` } });
      upstream.destroy();
    };
    pending.add(unfinished);
    const failed = (reason: TransportFailureReason, detail: string) => record({ status: 0, error: { reason, detail } });

    const upstream = client.request(url, { method: req.method, headers }, (answerIn) => {
      const responseHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answerIn.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) responseHeaders[name] = value;
      res.writeHead(answerIn.statusCode ?? 502, answerIn.statusMessage, responseHeaders);
      const received: Buffer[] = [];
      answerIn.on('data', (chunk: Buffer) => {
        received.push(chunk);
        res.write(chunk);
      });
      answerIn.on('end', () => {
        // Recorded before the client gets the answer's end: an answer a client received is on record.
        const contentType = answerIn.headers['content-type'];
        try {
          record({
            status: answerIn.statusCode ?? 0,
            responseHeaders: flat(responseHeaders),
            ...(contentType ? { contentType } : {}),
            responseBody: decoded(Buffer.concat(received), answerIn.headers['content-encoding']),
          });
        } finally {
          res.end();
        }
      });
      answerIn.on('error', (error: NodeJS.ErrnoException) => {
        failed('reset', `(${error.code ?? error.name}: the target's answer broke off)`);
        res.destroy();
      });
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.name;
      const reason: TransportFailureReason = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)/.test(code) ? 'unreachable' : 'reset';
      failed(reason, `(${code}: ${error.message})`);
      if (!res.headersSent) answer(res, 502, 'text/plain', `ems proxy: the target ${target.origin} did not answer: ${code}\n`);
      else res.destroy();
    });
    // The client gave up before the answer ended (its timeout): stop forwarding, record it as the client saw it.
    res.on('close', () => {
      if (!res.writableFinished && !ended) {
        failed('timeout', `(the client gave up after ${Math.round(clockNow() - startedAt)} ms)`);
        upstream.destroy();
      }
    });
    upstream.end(body);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
        inFlight: () => pending.size,
        close: () =>
          new Promise<void>((done) => {
            for (const end of [...pending]) end();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function answer(res: http.ServerResponse, status: number, contentType: string, text: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function flat(headers: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
}

/** A body as HAR records it: decoded from its content-encoding (the client got the encoded bytes). */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip') return gunzipSync(body);
    if (encoding === 'deflate') return inflateSync(body);
    if (encoding === 'br') return brotliDecompressSync(body);
  } catch {
    // recorded as it came
  }
  return body;
}
