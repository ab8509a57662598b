import { randomUUID } from 'node:crypto';
import { createServer, maxHeaderSize, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isEnvelope, restAnswer, type LinkRewriter } from './rest/body';

export type { LinkRewriter } from './rest/body';
import { forward, readLimited, upstreamOf, type Upstream } from './rest/forward';
import { urlHost } from './url-host';
import { ErrorCode } from './errors';
import { answerOversizeHeads } from './oversize-head';

/**
 * The REST adapter: an HTTP proxy in front of the reference mock serving the same operations at the
 * same paths in the plain REST convention of profiles/rest.json (HTTP 200 with the payload as the
 * whole body, HTTP 4xx with `{"error": {"code", "messages"}}`, ISO 8601 UTC datetimes, true/false
 * booleans). Requests pass unchanged (the mock already reads true/false, comma lists and ISO datetimes);
 * the export file and the mock's controls (/__mock/, loopback callers only) pass through as they are.
 */
export interface RestAdapterOptions {
  /** The mock's origin, e.g. http://127.0.0.1:4010. */
  upstream: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Largest JSON answer of the mock the adapter translates (default 16 MiB); longer answers are a 502. */
  maxJsonBytes?: number;
}

export interface RunningRestAdapter {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** origin + '/v1' */
  baseUrl: string;
  /** origin; the retired endpoint is authUrl + '/login/oauth/applicationAccessToken'. */
  authUrl: string;
  close(): Promise<void>;
}

const ADMIN_PREFIX = '/__mock/';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const DEFAULT_MAX_JSON_BYTES = 16 * 1024 * 1024;
/** The adapter's own failures (upstream unreachable, answer too long): HTTP 502 with this code. */
const BAD_GATEWAY = 502;

/** What a translating adapter sends: status, body, and its Content-Type (default application/json). */
export interface ConventionAnswer {
  status: number;
  body: unknown;
  /** Default `application/json; charset=utf-8`. */
  contentType?: string;
  /** The envelope's requestID, sent as the X-Request-ID header. */
  requestID?: string;
}

/** A REST-like convention the adapter serves: how a service envelope and the adapter's own failures look in it. */
export interface AdapterConvention {
  /** Names the adapter in its own failure messages ("The REST adapter could not reach the mock"). */
  label: string;
  /** A service envelope of the mock as this convention's answer. */
  answer(envelope: Record<string, unknown>, rewriteLink: LinkRewriter): ConventionAnswer;
  /** The adapter's own failure (403 for a remote admin call, 502 for an unreachable mock or an answer too long). */
  ownError(status: number, message: string): ConventionAnswer;
}

/** The plain REST convention of profiles/rest.json. */
export const REST_CONVENTION: AdapterConvention = {
  label: 'REST adapter',
  answer: restAnswer,
  ownError: (status, message) => ({ status, body: restError(status, message) }),
};

export function startRestAdapter(options: RestAdapterOptions): Promise<RunningRestAdapter> {
  return startConventionAdapter(options, REST_CONVENTION);
}

/** An adapter in front of the mock serving its operations in `convention` (mock/problem-json-adapter.ts uses it too). */
export async function startConventionAdapter(options: RestAdapterOptions, convention: AdapterConvention): Promise<RunningRestAdapter> {
  const upstream = upstreamOf(options.upstream);
  const host = options.host ?? '127.0.0.1';
  const maxJsonBytes = options.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES;
  let origin = '';
  const server = createServer((request, response) => {
    serve(request, response, upstream, origin, maxJsonBytes, convention).catch((error: unknown) => {
      if (!response.headersSent) send(response, convention.ownError(BAD_GATEWAY, `The ${convention.label} could not reach the mock: ${(error as Error).message}`));
      else response.destroy();
    });
  });
  // A head too long to read: the mock's refusal (mock/errors.ts headTooLarge) as this convention renders it.
  answerOversizeHeads(server, () => {
    const refusal = { success: 0, code: ErrorCode.headTooLarge, errors: [`The request line and headers are longer than the ${maxHeaderSize} bytes the ${convention.label} reads`], data: {}, requestID: randomUUID().toUpperCase() };
    const answer = convention.answer(refusal, (url) => url);
    const headers: Record<string, string> = answer.requestID === undefined ? {} : { 'X-Request-ID': answer.requestID };
    return { status: answer.status, body: answer.body, contentType: answer.contentType, headers };
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  origin = `http://${urlHost(host)}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    authUrl: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
        upstream.agent.destroy();
      }),
  };
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  upstream: Upstream,
  origin: string,
  maxJsonBytes: number,
  convention: AdapterConvention,
): Promise<void> {
  const isAdmin = (request.url ?? '/').startsWith(ADMIN_PREFIX);
  if (isAdmin && !LOOPBACK.has(request.socket.remoteAddress ?? '')) {
    request.resume();
    send(response, convention.ownError(403, 'The mock admin endpoints answer loopback callers only'));
    return;
  }
  const answer = await forward(request, upstream);
  const contentType = answer.headers['content-type'] ?? '';
  if (isAdmin || !/json/i.test(contentType)) {
    passThrough(answer, response);
    return;
  }
  const bytes = await readLimited(answer, maxJsonBytes);
  if (bytes === undefined) {
    send(response, convention.ownError(BAD_GATEWAY, `The mock's answer is longer than the ${maxJsonBytes} bytes the ${convention.label} translates`));
    return;
  }
  const body = parseJson(bytes);
  if (!isEnvelope(body)) {
    response.writeHead(answer.statusCode ?? BAD_GATEWAY, { 'Content-Type': contentType, 'Content-Length': bytes.length });
    response.end(bytes);
    return;
  }
  send(response, convention.answer(body, linkRewriter(upstream, publicOrigin(request, origin))));
}

/** The export file (and the mock's controls): status, type, disposition and bytes as the mock sent them. */
function passThrough(answer: IncomingMessage, response: ServerResponse): void {
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'content-length', 'content-disposition']) {
    const value = answer.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  response.writeHead(answer.statusCode ?? BAD_GATEWAY, headers);
  answer.on('error', () => response.destroy());
  answer.pipe(response);
}

/** The origin the client reached the adapter at (its Host header), as the mock builds its own links. */
function publicOrigin(request: IncomingMessage, origin: string): string {
  const host = request.headers.host;
  return host && /^[\w.:[\]-]+$/.test(host) ? `http://${host}` : origin;
}

function linkRewriter(upstream: Upstream, origin: string): LinkRewriter {
  return (link) => {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return link;
    }
    if (url.host !== upstream.url.host) return link;
    return `${origin}${url.pathname}${url.search}`;
  };
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

function restError(code: number, message: string): unknown {
  return { error: { code, messages: [message] } };
}

function send(response: ServerResponse, answer: ConventionAnswer): void {
  const text = JSON.stringify(answer.body);
  const headers: Record<string, string | number> = {
    'Content-Type': answer.contentType ?? 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  };
  if (answer.requestID !== undefined) headers['X-Request-ID'] = answer.requestID;
  response.writeHead(answer.status, headers);
  response.end(text);
}
