import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request headers a browser may send to the mock besides the CORS-safelisted ones. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type'];
/** Answer headers a page may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = ['Date', 'Content-Disposition', 'Content-Length', 'Retry-After', 'X-Request-ID'];
const ALLOWED_METHODS = 'GET, POST, OPTIONS';
/** How long a browser may keep a preflight's answer, in seconds. */
const MAX_AGE_S = 600;

/**
 * Lets a page on any origin call the mock: the answer names the caller's origin (or `*` without one) and
 * the headers a page may read. Set on every answer before it is written.
 */
export function setCorsHeaders(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  response.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) response.setHeader('Vary', 'Origin');
  response.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
}

/** A CORS preflight: OPTIONS asking, with Access-Control-Request-Method, whether a request may be sent. */
export function isPreflight(request: IncomingMessage): boolean {
  return request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
}

/** Answers a preflight (204): every method the mock serves, the headers asked for plus Authorization and Content-Type. */
export function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  const asked = (request.headers['access-control-request-headers'] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const headers = [...new Set([...ALLOWED_HEADERS, ...asked].map((name) => name.toLowerCase()))];
  response.writeHead(204, {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': headers.join(', '),
    'Access-Control-Max-Age': String(MAX_AGE_S),
  });
  response.end();
}
