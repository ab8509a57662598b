import http from 'node:http';
import https from 'node:https';
import type { TransportFailureReason } from '../types';

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface WireResponse {
  status: number;
  contentType: string;
  body: Buffer;
  /** The HTTP Date header as sent (the target's clock when it answered, to the second); absent when it sent none. */
  date?: string;
  /** The Retry-After header as sent (seconds or an HTTP date); absent when it sent none. */
  retryAfter?: string;
}

export interface WireLimits {
  timeoutMs: number;
  maxBodyBytes: number;
}

/** No usable HTTP exchange happened; reason and a short detail such as "after 10000 ms" or "(ECONNRESET)". */
export class WireFailure extends Error {
  constructor(
    readonly reason: TransportFailureReason,
    readonly detail: string,
  ) {
    super(`${reason} ${detail}`);
  }
}

/** The timer of a request's timeout (named: `npm run bench` tells the harness's waits by the function that sets the timer). */
const startRequestTimeout = (ms: number, onTimeout: () => void): NodeJS.Timeout => setTimeout(onTimeout, ms);

const UNREACHABLE = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN|CERT_|ERR_TLS|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/;

/**
 * Sends one request. The timeout covers the whole exchange, body included; a body beyond
 * maxBodyBytes is abandoned as soon as it is known to be too large (never buffered). A request whose
 * kept-alive connection the server had already closed (ECONNRESET on a reused socket before any answer:
 * the race Node's http documentation describes) is sent once more on a new connection; it never reached
 * the target, so it is no answer of the target's.
 */
export function send(request: WireRequest, limits: WireLimits, retryStaleSocket = true): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const controller = new AbortController();
    let timedOut = false;
    let settled = false;
    const timer = startRequestTimeout(limits.timeoutMs, () => {
      timedOut = true;
      controller.abort();
    });

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (reason: TransportFailureReason, detail: string) => {
      finish(() => reject(new WireFailure(reason, detail)));
      controller.abort();
    };
    let answered = false;
    const failFromError = (error: NodeJS.ErrnoException) => {
      if (timedOut) return fail('timeout', `after ${limits.timeoutMs} ms`);
      const code = error.code ?? error.name;
      if (retryStaleSocket && !answered && req.reusedSocket && code === 'ECONNRESET') {
        return finish(() => send(request, limits, false).then(resolve, reject));
      }
      fail(UNREACHABLE.test(code) ? 'unreachable' : 'reset', `(${code}: ${error.message})`);
    };

    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers = body ? { ...request.headers, 'Content-Length': String(body.length) } : request.headers;
    const client = request.url.startsWith('https:') ? https : http;
    const req = client.request(request.url, { method: request.method, headers, signal: controller.signal }, (res) => {
      answered = true;
      const tooLarge = `(over ${limits.maxBodyBytes} bytes)`;
      if (Number(res.headers['content-length'] ?? 0) > limits.maxBodyBytes) return fail('body-too-large', tooLarge);
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBodyBytes) return fail('body-too-large', tooLarge);
        chunks.push(chunk);
      });
      res.on('end', () =>
        finish(() => {
          const { date, 'retry-after': retryAfter } = res.headers;
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? '', body: Buffer.concat(chunks), ...(date ? { date } : {}), ...(retryAfter ? { retryAfter } : {}) });
        }),
      );
      res.on('error', failFromError);
      res.on('close', () => {
        if (!res.complete) failFromError(Object.assign(new Error('connection closed before the body ended'), { code: 'ECONNRESET' }));
      });
    });
    req.on('error', failFromError);
    req.end(body);
  });
}
