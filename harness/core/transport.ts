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

/** What a failure tells of the request: whether it may have reached the target, and whether a kept-alive socket the server had closed took it. */
export interface WireFailureFacts {
  /** False where no byte of the request can have reached the target (the connection was never made). Default true. */
  mayHaveReached?: boolean;
  /** The request went out on a reused keep-alive socket that was reset before any answer (the race Node's http documentation describes). */
  staleSocket?: boolean;
}

/** No usable HTTP exchange happened; reason and a short detail such as "after 10000 ms" or "(ECONNRESET)". */
export class WireFailure extends Error {
  readonly mayHaveReached: boolean;
  readonly staleSocket: boolean;

  constructor(
    readonly reason: TransportFailureReason,
    readonly detail: string,
    facts: WireFailureFacts = {},
  ) {
    super(`${reason} ${detail}`);
    this.mayHaveReached = facts.mayHaveReached ?? true;
    this.staleSocket = facts.staleSocket ?? false;
  }
}

export interface SendOptions {
  /** Send on a connection of its own, never a kept-alive one (a write: no stale-socket race can take it). */
  freshConnection?: boolean;
}

/** The timer of a request's timeout (named: `npm run bench` tells the harness's waits by the function that sets the timer). */
const startRequestTimeout = (ms: number, onTimeout: () => void): NodeJS.Timeout => setTimeout(onTimeout, ms);

const UNREACHABLE = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN|CERT_|ERR_TLS|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/;

/** Connection failures where the connection was never made: nothing of the request reached the target. */
const NEVER_CONNECTED = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN)$/;

/**
 * Sends one request, once: it never sends it again (the client decides that, harness/core/resend.ts, and counts
 * it). The timeout covers the whole exchange, body included; a body beyond maxBodyBytes is abandoned as soon as
 * it is known to be too large (never buffered). A failure says whether the request may have reached the target
 * and whether a reused keep-alive socket was reset before any answer.
 */
export function send(request: WireRequest, limits: WireLimits, options: SendOptions = {}): Promise<WireResponse> {
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
    const fail = (reason: TransportFailureReason, detail: string, facts?: WireFailureFacts) => {
      finish(() => reject(new WireFailure(reason, detail, facts)));
      controller.abort();
    };
    let answered = false;
    let connected = false;
    const failFromError = (error: NodeJS.ErrnoException) => {
      if (timedOut) return fail('timeout', `after ${limits.timeoutMs} ms`, { mayHaveReached: connected });
      const code = error.code ?? error.name;
      const staleSocket = !answered && req.reusedSocket && code === 'ECONNRESET';
      const mayHaveReached = connected || !NEVER_CONNECTED.test(code);
      fail(UNREACHABLE.test(code) ? 'unreachable' : 'reset', `(${code}${staleSocket ? ' on a reused keep-alive connection' : ''}: ${error.message})`, { mayHaveReached, staleSocket });
    };

    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers = body ? { ...request.headers, 'Content-Length': String(body.length) } : request.headers;
    const client = request.url.startsWith('https:') ? https : http;
    const agent = options.freshConnection ? { agent: false as const } : {};
    const req = client.request(request.url, { method: request.method, headers, signal: controller.signal, ...agent }, (res) => {
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
    req.on('socket', (socket) => {
      if (req.reusedSocket || !socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    req.end(body);
  });
}
