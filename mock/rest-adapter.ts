import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isEnvelope, restAnswer, type LinkRewriter } from './rest/body';
import { forward, readLimited, upstreamOf, type Upstream } from './rest/forward';
import { urlHost } from './url-host';

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

export async function startRestAdapter(options: RestAdapterOptions): Promise<RunningRestAdapter> {
  const upstream = upstreamOf(options.upstream);
  const host = options.host ?? '127.0.0.1';
  const maxJsonBytes = options.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES;
  let origin = '';
  const server = createServer((request, response) => {
    serve(request, response, upstream, origin, maxJsonBytes).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, BAD_GATEWAY, restError(BAD_GATEWAY, `The REST adapter could not reach the mock: ${(error as Error).message}`));
      else response.destroy();
    });
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

async function serve(request: IncomingMessage, response: ServerResponse, upstream: Upstream, origin: string, maxJsonBytes: number): Promise<void> {
  const isAdmin = (request.url ?? '/').startsWith(ADMIN_PREFIX);
  if (isAdmin && !LOOPBACK.has(request.socket.remoteAddress ?? '')) {
    request.resume();
    sendJson(response, 403, restError(403, 'The mock admin endpoints answer loopback callers only'));
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
    sendJson(response, BAD_GATEWAY, restError(BAD_GATEWAY, `The mock's answer is longer than the ${maxJsonBytes} bytes the REST adapter translates`));
    return;
  }
  const body = parseJson(bytes);
  if (!isEnvelope(body)) {
    response.writeHead(answer.statusCode ?? BAD_GATEWAY, { 'Content-Type': contentType, 'Content-Length': bytes.length });
    response.end(bytes);
    return;
  }
  const rest = restAnswer(body, linkRewriter(upstream, publicOrigin(request, origin)));
  sendJson(response, rest.status, rest.body, rest.requestID === undefined ? {} : { 'X-Request-ID': rest.requestID });
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

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}
