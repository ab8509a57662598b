import { renameSync, writeFileSync } from 'node:fs';
import type { Profile } from '../types';
import type { TokenName, Tokens } from '../core';
import { sentTokens, type RawExchange } from './raw-exchange';
import { redactRaw } from './redact-raw';
import { TokenStandIns } from './stand-ins';

/** One exchange the proxy saw, as it happened (tokens in it; kept in memory only). */
export interface ProxiedExchange extends RawExchange {
  startedAt: number;
  durationMs: number;
}

const nameValues = (headers: Record<string, string> | undefined) => Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }));

/**
 * A HAR 1.2 document of proxied exchanges, every token replaced by its stand-in ("token#1", ...; learned
 * from all exchanges first). Bodies are text, or base64 when binary; a failed exchange has status 0 and
 * `response._error: { reason, detail }`. Given the run's tokens, a request that carried one of them names
 * its role in `request._emsTokenRole` ("full", "noGroups", "noImport", "app"), so that a judge of the HAR
 * knows which token a request used although its value is redacted.
 */
export function harDocument(exchanges: readonly ProxiedExchange[], profile: Profile, tokens: Tokens = {}): unknown {
  const standIns = new TokenStandIns();
  const context = { profile, standIns };
  for (const exchange of exchanges) redactRaw(exchange, context);
  const roleOf = new Map(Object.entries(tokens).filter(([, value]) => value).map(([name, value]) => [value as string, name as TokenName]));
  const entries = exchanges.map((original) => {
    const sent = sentTokens(original, profile);
    const tokenRole = roleOf.get(sent.header ?? sent.query ?? sent.body ?? '');
    const exchange = redactRaw(original, context);
    const url = new URL(exchange.url);
    const body = exchange.responseBody;
    const bytes = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const content = Buffer.isBuffer(body)
      ? { size: bytes.length, mimeType: exchange.contentType ?? '', text: bytes.toString('base64'), encoding: 'base64' }
      : { size: bytes.length, mimeType: exchange.contentType ?? '', text: bytes.toString('utf8') };
    return {
      startedDateTime: new Date(original.startedAt).toISOString(),
      // The start to the microsecond (startedDateTime holds milliseconds): a HAR judged offline orders exchanges as live.
      _emsStartedAt: original.startedAt,
      time: original.durationMs,
      request: {
        method: exchange.method,
        url: exchange.url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: nameValues(exchange.headers),
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
        ...(exchange.body === undefined ? {} : { postData: { mimeType: headerOf(exchange.headers, 'content-type') ?? '', text: exchange.body } }),
        headersSize: -1,
        bodySize: exchange.body === undefined ? 0 : Buffer.byteLength(exchange.body),
        ...(tokenRole ? { _emsTokenRole: tokenRole } : {}),
      },
      response: {
        status: exchange.status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: nameValues(exchange.responseHeaders),
        content,
        redirectURL: '',
        headersSize: -1,
        bodySize: exchange.error ? -1 : bytes.length,
        ...(exchange.error ? { _error: exchange.error } : {}),
      },
      cache: {},
      timings: { send: 0, wait: original.durationMs, receive: 0 },
    };
  });
  return { log: { version: '1.2', creator: { name: 'ems-conformance proxy', version: '1' }, entries } };
}

/** Writes a HAR atomically: a temporary file next to it, then a rename (a reader never sees half of one). */
export function writeHar(path: string, document: unknown): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(document));
  renameSync(temporary, path);
}

function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  return Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
}
