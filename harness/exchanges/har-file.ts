import { closeSync, existsSync, fstatSync, openSync, statSync } from 'node:fs';
import { scanHarEntries } from './har-scanner';
import { forEachJsonLine } from './json-lines';
import { isJournalPath, journalPathOf } from './journal';
import { ConfigError, oneLine, TOKEN_NAMES, type TokenName } from '../core';
import type { TransportFailureReason } from '../types';
import type { RawExchange } from './raw-exchange';

/**
 * The default cap on a recording's size (--max-har-bytes). The file is read a chunk at a time, but the judgement
 * holds every exchange it keeps in memory (in each worker): the cap says how much a run is expected to hold.
 */
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
 * The file a recording named on the command line is read from: the name itself, or the proxy's journal beside it
 * (`<name>.journal.ndjson`) when the HAR is missing or older than the journal (a proxy stopped by `kill -9`, or
 * killed after a mid-run report, left its whole recording in the journal only). A name ending in `.ndjson` or
 * `.jsonl` is a journal itself.
 */
export function recordingFile(path: string): { path: string; journal: boolean } {
  if (isJournalPath(path)) return { path, journal: true };
  const journal = journalPathOf(path);
  if (!existsSync(journal)) return { path, journal: false };
  if (!existsSync(path) || statSync(journal).mtimeMs > statSync(path).mtimeMs) return { path: journal, journal: true };
  return { path, journal: false };
}

/**
 * Reads a recording, a HAR 1.2 file or a proxy's journal (one HAR entry per line), a chunk at a time, handing
 * over each entry as a raw exchange (in file order) as soon as it is read: memory is bounded by the largest entry.
 * Refuses in one line (ConfigError) what is none: a file over maxBytes (checked before reading), not JSON,
 * truncated JSON, JSON without log.entries, an entry without request.method/url or response.status. The refusal
 * of the whole file's form comes once it is read, after the entries before the fault were handed over.
 * A journal's last line cut short (its writer was killed in the middle of it) is left out.
 */
export function readRecording(path: string, maxBytes: number, onRaw: (raw: RawExchange, index: number) => void): void {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new ConfigError(`--har ${path} cannot be read: ${oneLine(error)}`);
  }
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) throw new ConfigError(`--har ${path} is ${size} bytes, over the limit of ${maxBytes} bytes (--max-har-bytes)`);
    if (isJournalPath(path)) {
      forEachJsonLine(
        path,
        (entry, line) => onRaw(rawExchange(entry, line, path), line),
        (line, error, last) => {
          if (!last) throw new ConfigError(`--har ${path} is not a journal of HAR entries: line ${line + 1} is not JSON (${oneLine(error)})`);
        },
      );
      return;
    }
    const problem = scanHarEntries(fd, (entry, index) => onRaw(rawExchange(entry, index, path), index));
    if (problem?.kind === 'truncated') throw new ConfigError(`--har ${path} is truncated: its JSON ends (at byte ${problem.bytes}) before the document closes`);
    if (problem?.kind === 'not-json') throw new ConfigError(`--har ${path} is not a HAR file: not JSON (${problem.detail})`);
    if (problem?.kind === 'no-entries') throw new ConfigError(`--har ${path} is not a HAR file: it has no log.entries array`);
    if (problem?.kind === 'too-much-outside') throw new ConfigError(`--har ${path} is not a HAR file: more than ${problem.limit} bytes lie outside log.entries`);
  } finally {
    closeSync(fd);
  }
}

/** Every entry of a recording, as raw exchanges, in memory (small recordings and tests; the loader streams). */
export function readHarFile(path: string, maxBytes: number): RawExchange[] {
  const raws: RawExchange[] = [];
  readRecording(path, maxBytes, (raw) => raws.push(raw));
  return raws;
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
