import { basename } from 'node:path';
import { ConfigError, type TokenName, type Tokens } from '../core';
import type { RecordedWire, TrafficFile } from './traffic-file';
import type { Profile, TrafficSource } from '../types';
import { candidateBases, type ApiBase } from './api-base';
import { normalizeExchange, type ReadingContext } from './recorded-from-raw';
import { learnTokens } from './redact-raw';
import { readHarFile } from './har-file';
import { TokenStandIns } from './stand-ins';

export interface TrafficOptions {
  files: readonly string[];
  /** The API's base URL (--base-url); inferred from the entries when absent. */
  baseUrl?: string;
  /** The auth URL (--auth-url); default the base URL's origin, as in an active run. */
  authUrl?: string;
  profile: Profile;
  /** Tokens given on the command line: redacted wherever they appear, like those found in the traffic. */
  tokens: Tokens;
  maxHarBytes: number;
  maxBodyBytes: number;
}

/** Recorded traffic read, selected and redacted once: where the API is, and the traffic file for the workers. */
export interface LoadedTraffic extends ApiBase {
  file: TrafficFile;
  /** `file` as JSON: the text the leak check read, which is what the workers are handed (serialized once). */
  text: string;
}

/**
 * Reads HAR files, keeps the exchanges with the API (by --base-url, or the one base every API-looking
 * entry shares), redacts every token as it reads (stand-ins "token#1", ...), and normalizes the exchanges.
 * Refuses in one line (ConfigError, exit 2) what cannot be judged: a bad file, several APIs, no exchange.
 */
export function loadTraffic(options: TrafficOptions): LoadedTraffic {
  if (options.files.length === 0) throw new ConfigError('--har needs at least one HAR file');
  const recordings = options.files.map((file) => ({ file, raws: readHarFile(file, options.maxHarBytes) }));
  const baseUrl = options.baseUrl?.replace(/\/+$/, '') ?? inferBase(recordings.flatMap(({ raws }) => raws.map((raw) => raw.url)), options.files);
  const base: ApiBase = { baseUrl, authUrl: options.authUrl?.replace(/\/+$/, '') ?? new URL(baseUrl).origin };
  const standIns = new TokenStandIns();
  const roles = new Map<string, TokenName>();
  const context: ReadingContext = { base, profile: options.profile, standIns, roles, maxBodyBytes: options.maxBodyBytes };

  // Every token first, so one that an early answer echoes is redacted there too.
  for (const { raws } of recordings) for (const raw of raws) learnTokens(raw, context);
  // A given token the recording sent as is names its role; one it never sent (a recording already redacted,
  // whose stand-ins are its own numbering) names none, and is learned only to be redacted where it is echoed.
  for (const [name, token] of Object.entries(options.tokens) as [TokenName, string | undefined][]) {
    if (!token) continue;
    const sent = standIns.known.has(token);
    const id = standIns.standIn(token);
    if (sent) roles.set(id, name);
  }
  const exchanges: RecordedWire[] = [];
  const sources: TrafficSource[] = recordings.map(({ file, raws }) => {
    const dropped: Record<string, number> = {};
    for (const raw of raws) {
      const wire = normalizeExchange(raw, exchanges.length, context);
      if ('dropped' in wire) dropped[wire.dropped] = (dropped[wire.dropped] ?? 0) + 1;
      else exchanges.push(wire);
    }
    const kept = raws.length - Object.values(dropped).reduce((sum, count) => sum + count, 0);
    return { file: basename(file), entries: raws.length, kept, dropped };
  });
  if (exchanges.length === 0) {
    const entries = sources.reduce((sum, source) => sum + source.entries, 0);
    throw new ConfigError(`--har ${options.files.join(' ')}: no exchange with ${baseUrl} among ${entries} entries: check --base-url`);
  }
  refuseUnanswered(exchanges, baseUrl, options.files);
  const file: TrafficFile = { sources, exchanges };
  const text = JSON.stringify(file);
  if (standIns.leaks(text)) throw new Error('a token survived the redaction of the recorded traffic');
  return { ...base, file, text };
}

/**
 * Refuses traffic in which no request got an answer (exit 2), as an active run refuses a base URL nobody
 * answers at rather than failing or leaving every rule on it: nothing in it can be judged. A browser's
 * recording shows requests it blocked (CORS, an extension, the page closing) with status 0 and no answer.
 */
function refuseUnanswered(exchanges: readonly RecordedWire[], baseUrl: string, files: readonly string[]): void {
  const reasons: Record<string, number> = {};
  let detail = '';
  for (const wire of exchanges) {
    if (!('failure' in wire.answer)) return;
    reasons[wire.answer.failure.reason] = (reasons[wire.answer.failure.reason] ?? 0) + 1;
    detail ||= wire.answer.failure.detail;
  }
  const counted = Object.entries(reasons).map(([reason, count]) => `${count} ${reason}`).join(', ');
  const onlyUnreachable = Object.keys(reasons).length === 1 && reasons.unreachable !== undefined;
  const hint = onlyUnreachable ? `${baseUrl} never answered` : 'record again where the requests are answered (a page on another origin needs the target to allow it by CORS)';
  throw new ConfigError(`--har ${files.join(' ')}: none of the ${exchanges.length} recorded exchanges with ${baseUrl} got an answer (${counted}${detail ? `, e.g. ${detail}` : ''}): nothing to judge; ${hint}`);
}

/** The one base URL the entries call operations under; none or several is a one-line refusal. */
function inferBase(urls: string[], files: readonly string[]): string {
  const bases = [...candidateBases(urls)].sort((a, b) => b[1] - a[1]);
  const [first] = bases;
  if (!first) throw new ConfigError(`--har ${files.join(' ')}: no exchange with this API (no entry calls an operation path such as /helper/ping): check the recording`);
  if (bases.length > 1) {
    const listed = bases.map(([base, count]) => `${base} (${count})`).join(', ');
    throw new ConfigError(`--har ${files.join(' ')}: entries call several APIs: ${listed}: pass --base-url to choose one`);
  }
  return first[0];
}

