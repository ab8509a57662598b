import { closeSync, openSync, renameSync, rmSync } from 'node:fs';
import type { Profile } from '../types';
import type { TokenName, Tokens } from '../core';
import { forEachJsonLine, writeAll } from './json-lines';
import { sentTokens, type RawExchange } from './raw-exchange';
import { learnTokens, redactRaw, type RedactionContext } from './redact-raw';
import { TokenStandIns } from './stand-ins';

/** One exchange the proxy saw, as it happened (tokens in it; kept in memory only until it is written redacted). */
export interface ProxiedExchange extends RawExchange {
  startedAt: number;
  durationMs: number;
  /** In flight when the proxy stopped: no answer was recorded, though the target may have executed the request. */
  unfinished?: boolean;
}

/** What a HAR entry of an unfinished request says of itself (its `comment`). */
export const UNFINISHED_COMMENT = 'unfinished: the request was in flight when the proxy stopped; no answer was recorded, the target may have executed it';

const HAR_CREATOR = { name: 'ems-conformance proxy', version: '1' };

const nameValues = (headers: Record<string, string> | undefined) => Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }));

/**
 * HAR 1.2 entries of proxied exchanges, one at a time, every token replaced by its stand-in ("token#1", ...),
 * numbered in order of first appearance across the entries made by one instance. The run's tokens, when given,
 * are learned first: redacted wherever they appear from the first entry on, and a request that carried one names
 * its role in `request._emsTokenRole` ("full", "noGroups", "noImport", "app"), so that a judge of the HAR knows
 * which token a request used although its value is redacted. Bodies are text, or base64 when binary; a failed
 * exchange has status 0 and `response._error: { reason, detail }`; an unfinished one also `_unfinished: true`.
 */
export class HarEntries {
  private readonly context: RedactionContext;
  private readonly roleOf: Map<string, TokenName>;

  constructor(profile: Profile, tokens: Tokens = {}, standIns = new TokenStandIns()) {
    this.context = { profile, standIns };
    const given = Object.entries(tokens).filter(([, value]) => value) as [TokenName, string][];
    for (const [, value] of given) standIns.standIn(value);
    this.roleOf = new Map(given.map(([name, value]) => [value, name]));
  }

  /** Learns an exchange's tokens without writing it (so an earlier entry's echo of a later token is redacted). */
  learn(exchange: RawExchange): void {
    learnTokens(exchange, this.context);
  }

  /** Whether text holds a token this instance learned (the last check before a line is written). */
  leaks(text: string): boolean {
    return this.context.standIns.leaks(text);
  }

  entry(original: ProxiedExchange): Record<string, unknown> {
    const { profile } = this.context;
    const sent = sentTokens(original, profile);
    const tokenRole = this.roleOf.get(sent.header ?? sent.query ?? sent.body ?? '');
    const exchange = redactRaw(original, this.context);
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
        ...(original.unfinished ? { _unfinished: true, comment: UNFINISHED_COMMENT } : {}),
      },
      cache: {},
      timings: { send: 0, wait: original.durationMs, receive: 0 },
      ...(original.unfinished ? { comment: UNFINISHED_COMMENT } : {}),
    };
  }
}

/**
 * A HAR 1.2 document of proxied exchanges held in memory (tests and small recordings; the proxy writes its
 * entries one by one instead): every token learned from all exchanges first, then replaced by its stand-in.
 */
export function harDocument(exchanges: readonly ProxiedExchange[], profile: Profile, tokens: Tokens = {}): { log: { entries: unknown[] } & Record<string, unknown> } {
  const entries = new HarEntries(profile, tokens);
  for (const exchange of exchanges) entries.learn(exchange);
  return { log: { version: '1.2', creator: HAR_CREATOR, entries: exchanges.map((exchange) => entries.entry(exchange)) } };
}

/**
 * Writes a HAR through a temporary file beside it, renamed into place at the end (a reader never sees half of
 * one). The entries come one at a time from `each` and are written as they come, one line each: the document is
 * never one string, whatever its size.
 */
export function writeHarStreaming(path: string, each: (write: (entry: unknown) => void) => void, log: Record<string, unknown> = { version: '1.2', creator: HAR_CREATOR }): number {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  let count = 0;
  let written = false;
  try {
    const head = JSON.stringify({ log: { ...log, entries: [] } });
    // `{"log":{...,"entries":[` then the entries, then `]}}`.
    writeAll(fd, `${head.slice(0, -']}}'.length)}\n`);
    each((entry) => writeAll(fd, `${count++ === 0 ? '' : ',\n'}${JSON.stringify(entry)}`));
    writeAll(fd, '\n]}}\n');
    written = true;
  } finally {
    closeSync(fd);
    if (!written) rmSync(temporary, { force: true });
  }
  renameSync(temporary, path);
  return count;
}

/** Writes a HAR document held in memory (entries written one by one: see writeHarStreaming). */
export function writeHar(path: string, document: { log: { entries: readonly unknown[] } & Record<string, unknown> }): void {
  const { entries, ...log } = document.log;
  writeHarStreaming(path, (write) => entries.forEach(write), log);
}

/**
 * Writes the HAR of a journal (one HAR entry per line, as the proxy appends them): each line copied into the
 * HAR as it is read. A last line cut short (the writer was killed in the middle of it) is left out. Returns
 * the number of entries written.
 */
export function writeHarFromJournal(journal: string, path: string): number {
  return writeHarStreaming(path, (write) => forEachJsonLine(journal, (entry) => write(entry)));
}

function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  return Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
}
