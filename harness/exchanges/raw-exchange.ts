import type { TokenName } from '../core';
import type { Profile, TransportFailureReason } from '../types';
import { TOKEN_PARAMETER } from './params-of';

/** One exchange as recorded, tokens still in it: what a HAR entry or the proxy holds, or a unit test writes. */
export interface RawExchange {
  method: string;
  url: string;
  /** Request headers (the token header among them); names in any case. */
  headers?: Record<string, string>;
  /** The request body as sent. */
  body?: string;
  /** HTTP status; 0 when no answer came (see `error`). */
  status: number;
  /** Response content type; default application/json. */
  contentType?: string;
  /** Response headers (written to a HAR; the judgement reads Date, the target's clock). */
  responseHeaders?: Record<string, string>;
  /** Response body: text, bytes (an export file), or a value written as JSON. */
  responseBody?: string | Buffer | object;
  /** Why no answer came (status 0), e.g. the proxy's { reason: 'unreachable', detail: '(ECONNREFUSED)' }. */
  error?: { reason: TransportFailureReason; detail: string };
  startedAt?: number;
  durationMs?: number;
  /**
   * Which of the run's tokens the request carried, when its recorder knew (the proxy, given the tokens, writes it
   * as the HAR entry's `request._emsTokenRole`): the token's value is redacted, its role is kept.
   */
  tokenRole?: TokenName;
}

/** The response body's bytes (a value given as an object is written as JSON). */
export function responseBytes(raw: RawExchange): Buffer {
  const body = raw.responseBody;
  if (body === undefined) return Buffer.alloc(0);
  if (Buffer.isBuffer(body)) return body;
  return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
}

/** The response body as text (undefined when there is no answer). */
export function responseText(raw: RawExchange): string | undefined {
  if (raw.responseBody === undefined || raw.status === 0) return undefined;
  return responseBytes(raw).toString('utf8');
}

/** The token values a request carried, by place. */
export function sentTokens(raw: RawExchange, profile: Profile): { header?: string; query?: string; body?: string } {
  const found: { header?: string; query?: string; body?: string } = {};
  const value = header(raw.headers, profile.auth.header);
  if (value !== undefined) {
    const prefix = profile.auth.prefix;
    found.header = prefix && value.toLowerCase().startsWith(prefix.toLowerCase()) ? value.slice(prefix.length) : value;
  }
  try {
    const query = new URL(raw.url).searchParams.get(TOKEN_PARAMETER);
    if (query !== null) found.query = query;
  } catch {
    // no URL: no query token
  }
  if (raw.body?.includes(TOKEN_PARAMETER)) {
    try {
      const parsed: unknown = JSON.parse(raw.body);
      const token = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[TOKEN_PARAMETER] : undefined;
      if (token !== undefined) found.body = typeof token === 'string' ? token : JSON.stringify(token);
    } catch {
      // not JSON: no body token
    }
  }
  return found;
}

/** A header's value, its name in any case. */
export function header(headers: Record<string, string> | undefined, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
