import { openSync, closeSync, fstatSync, readSync } from 'node:fs';
import { ConfigError, oneLine, TOKEN_NAMES, type TokenName } from '../core';
import type { TransportFailureReason } from '../types';
import type { RawExchange } from './raw-exchange';

/** The default cap on a HAR file's size (--max-har-bytes): the file is parsed whole, in memory. */
export const DEFAULT_MAX_HAR_BYTES = 200 * 1024 * 1024;

interface HarNameValue {
  name: string;
  value: string;
}

/** The parts of a HAR 1.2 entry the harness reads (http://www.softwareishard.com/blog/har-12-spec/), plus the proxy's `_error`. */
interface HarEntry {
  startedDateTime?: string;
  /** When the request started, epoch ms to the microsecond (this project's recorders write it beside startedDateTime's milliseconds). */
  _emsStartedAt?: unknown;
  time?: number;
  request: { method: string; url: string; headers?: HarNameValue[]; postData?: { mimeType?: string; text?: string }; _emsTokenRole?: unknown };
  response: {
    status: number;
    headers?: HarNameValue[];
    content?: { mimeType?: string; text?: string; encoding?: string };
    /** Why no answer came: the proxy writes { reason, detail }; browsers write a string such as "net::ERR_CONNECTION_REFUSED". */
    _error?: { reason: TransportFailureReason; detail: string } | string;
    /** Playwright's recordHar: why a request failed (status -1). */
    _failureText?: string;
  };
}

/**
 * Reads a HAR 1.2 file into raw exchanges (in file order), refusing in one line what is none: a file
 * over maxBytes (checked before reading), not JSON, truncated JSON, JSON without log.entries, an entry
 * without request.method/url or response.status.
 */
export function readHarFile(path: string, maxBytes: number): RawExchange[] {
  const text = boundedText(path, maxBytes);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    if (truncated(text, error)) throw new ConfigError(`--har ${path} is truncated: its JSON ends (at byte ${Buffer.byteLength(text)}) before the document closes`);
    throw new ConfigError(`--har ${path} is not a HAR file: not JSON (${oneLine(error)})`);
  }
  const entries = (document as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) throw new ConfigError(`--har ${path} is not a HAR file: it has no log.entries array`);
  return entries.map((entry, index) => rawExchange(entry, index, path));
}

function boundedText(path: string, maxBytes: number): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new ConfigError(`--har ${path} cannot be read: ${oneLine(error)}`);
  }
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) throw new ConfigError(`--har ${path} is ${size} bytes, over the limit of ${maxBytes} bytes (--max-har-bytes)`);
    const buffer = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const count = readSync(fd, buffer, read, size - read, read);
      if (count === 0) break;
      read += count;
    }
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** JSON cut short: the parser ran out of text (rather than meeting a wrong character in the middle). */
function truncated(text: string, error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  if (/end of JSON input|Unterminated string/i.test(message)) return true;
  const position = /at position (\d+)/.exec(message);
  return text.trimStart().startsWith('{') && position !== null && Number(position[1]) >= text.trimEnd().length;
}

function rawExchange(value: unknown, index: number, path: string): RawExchange {
  const entry = value as Partial<HarEntry> | null;
  const request = entry?.request;
  const response = entry?.response;
  const wrong = (what: string) => new ConfigError(`--har ${path} is not a HAR 1.2 file: entry ${index} has no ${what}`);
  if (typeof request?.method !== 'string') throw wrong('request.method');
  if (typeof request.url !== 'string') throw wrong('request.url');
  if (typeof response?.status !== 'number') throw wrong('response.status');
  const content = response.content ?? {};
  const responseBody = content.text === undefined ? undefined : content.encoding === 'base64' ? Buffer.from(content.text, 'base64') : content.text;
  const error = errorOf(response._error ?? response._failureText ?? (response.status <= 0 ? 'no answer was recorded' : undefined));
  const contentType = content.mimeType || headerValue(response.headers, 'content-type');
  const stated = entry?.startedDateTime ? Date.parse(entry.startedDateTime) : NaN;
  // The precise start where the recorder wrote it and it agrees with startedDateTime (the same millisecond).
  const precise = typeof entry?._emsStartedAt === 'number' && Math.floor(entry._emsStartedAt) === stated ? entry._emsStartedAt : undefined;
  const startedAt = precise ?? stated;
  return {
    method: request.method,
    url: request.url,
    headers: headersOf(request.headers),
    responseHeaders: headersOf(response.headers),
    ...(request.postData?.text === undefined ? {} : { body: request.postData.text }),
    status: Math.max(0, response.status),
    ...(contentType ? { contentType } : {}),
    ...(responseBody === undefined ? {} : { responseBody }),
    ...(error ? { error } : {}),
    ...(Number.isFinite(startedAt) ? { startedAt } : {}),
    ...(typeof entry?.time === 'number' && entry.time >= 0 ? { durationMs: entry.time } : {}),
    ...(TOKEN_NAMES.includes(request._emsTokenRole as TokenName) ? { tokenRole: request._emsTokenRole as TokenName } : {}),
  };
}

/** The proxy's { reason, detail }, or a browser's error text mapped to the nearest transport reason. */
function errorOf(error: HarEntry['response']['_error']): RawExchange['error'] {
  if (error === undefined || error === null || error === '') return undefined;
  if (typeof error === 'object' && typeof error.reason === 'string') return { reason: error.reason, detail: String(error.detail ?? '') };
  const text = String(error);
  const reason: TransportFailureReason = /REFUSED|NAME_NOT_RESOLVED|UNREACHABLE|ADDRESS_INVALID/i.test(text) ? 'unreachable' : /TIMED_OUT|timeout/i.test(text) ? 'timeout' : 'reset';
  return { reason, detail: `(${text})` };
}

function headersOf(headers: HarNameValue[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of headers ?? []) {
    if (typeof name !== 'string') continue;
    const key = name.toLowerCase();
    out[key] = out[key] === undefined ? String(value) : `${out[key]}, ${String(value)}`;
  }
  return out;
}

function headerValue(headers: HarNameValue[] | undefined, name: string): string | undefined {
  return headers?.find((header) => header.name?.toLowerCase() === name)?.value;
}
