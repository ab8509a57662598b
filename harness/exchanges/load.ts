import { basename } from 'node:path';
import { ConfigError, type TokenName, type Tokens } from '../core';
import { TrafficFileWriter, type RecordedWire } from './traffic-file';
import type { Profile, TrafficSource } from '../types';
import { candidateBases, type ApiBase } from './api-base';
import { normalizeExchange, type ReadingContext } from './recorded-from-raw';
import { learnTokens } from './redact-raw';
import { readRecording, recordingFile } from './har-file';
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
  /** Where the traffic file for the workers is written (JSON lines: traffic-file.ts). */
  out: string;
  /** Read each file as named, never the proxy's journal beside it (the proxy judging the HAR it just wrote). */
  asNamed?: boolean;
}

/** Recorded traffic read, selected and redacted once: where the API is, and what the traffic file holds. */
export interface LoadedTraffic extends ApiBase {
  /** The traffic file written (options.out). */
  path: string;
  sources: TrafficSource[];
  /** How many exchanges it holds. */
  exchanges: number;
  /** The recordings read from a proxy's journal rather than the HAR named (a proxy that did not finish). */
  journals: string[];
}

/**
 * Reads recordings (HAR files, or a proxy's journal), keeps the exchanges with the API (by --base-url, or the one
 * base every API-looking entry shares), redacts every token (stand-ins "token#1", ...), normalizes the exchanges
 * and writes them, a line each, to the traffic file the workers read. Every file is read twice, a chunk at a
 * time, and never held whole: first for its tokens and URLs, then to write its exchanges. Refuses in one line
 * (ConfigError, exit 2) what cannot be judged: a bad file, several APIs, no exchange.
 */
export function loadTraffic(options: TrafficOptions): LoadedTraffic {
  if (options.files.length === 0) throw new ConfigError('--har needs at least one HAR file');
  const recordings = options.files.map((file) => (options.asNamed ? { path: file, journal: false } : recordingFile(file)));
  const standIns = new TokenStandIns();
  const roles = new Map<string, TokenName>();
  const learning = { profile: options.profile, standIns };
  const urls: string[] = [];
  // Every token first, so one that an early answer echoes is redacted there too; and every URL, for the base.
  for (const { path } of recordings) {
    readRecording(path, options.maxHarBytes, (raw) => {
      learnTokens(raw, learning);
      urls.push(raw.url);
    });
  }
  const baseUrl = options.baseUrl?.replace(/\/+$/, '') ?? inferBase(urls, options.files);
  const base: ApiBase = { baseUrl, authUrl: options.authUrl?.replace(/\/+$/, '') ?? new URL(baseUrl).origin };
  const context: ReadingContext = { base, profile: options.profile, standIns, roles, maxBodyBytes: options.maxBodyBytes };
  // A given token the recording sent as is names its role; one it never sent (a recording already redacted,
  // whose stand-ins are its own numbering) names none, and is learned only to be redacted where it is echoed.
  for (const [name, token] of Object.entries(options.tokens) as [TokenName, string | undefined][]) {
    if (!token) continue;
    const sent = standIns.known.has(token);
    const id = standIns.standIn(token);
    if (sent) roles.set(id, name);
  }
  const writer = new TrafficFileWriter(options.out);
  const unanswered = new Unanswered();
  let count = 0;
  let sources: TrafficSource[];
  try {
    sources = recordings.map(({ path }) => {
      const dropped: Record<string, number> = {};
      let entries = 0;
      readRecording(path, options.maxHarBytes, (raw) => {
        entries++;
        const wire = normalizeExchange(raw, count, context);
        if ('dropped' in wire) {
          dropped[wire.dropped] = (dropped[wire.dropped] ?? 0) + 1;
          return;
        }
        const line = JSON.stringify(wire);
        if (standIns.leaks(line)) throw new Error('a token survived the redaction of the recorded traffic');
        writer.addLine(line);
        unanswered.add(wire);
        count++;
      });
      const kept = entries - Object.values(dropped).reduce((sum, n) => sum + n, 0);
      return { file: basename(path), entries, kept, dropped };
    });
    if (count === 0) {
      const entries = sources.reduce((sum, source) => sum + source.entries, 0);
      throw new ConfigError(`--har ${options.files.join(' ')}: no exchange with ${baseUrl} among ${entries} entries: check --base-url`);
    }
    unanswered.refuse(count, baseUrl, options.files);
    writer.finish(sources);
  } finally {
    writer.close();
  }
  return { ...base, path: options.out, sources, exchanges: count, journals: recordings.filter((r) => r.journal).map((r) => r.path) };
}

/**
 * Refuses traffic in which no request got an answer (exit 2), as an active run refuses a base URL nobody
 * answers at rather than failing or leaving every rule on it: nothing in it can be judged. A browser's
 * recording shows requests it blocked (CORS, an extension, the page closing) with status 0 and no answer.
 */
class Unanswered {
  private answered = false;
  private readonly reasons: Record<string, number> = {};
  private detail = '';

  add(wire: RecordedWire): void {
    if (!('failure' in wire.answer)) {
      this.answered = true;
      return;
    }
    this.reasons[wire.answer.failure.reason] = (this.reasons[wire.answer.failure.reason] ?? 0) + 1;
    this.detail ||= wire.answer.failure.detail;
  }

  refuse(count: number, baseUrl: string, files: readonly string[]): void {
    if (this.answered) return;
    const { reasons, detail } = this;
    const counted = Object.entries(reasons).map(([reason, n]) => `${n} ${reason}`).join(', ');
    const onlyUnreachable = Object.keys(reasons).length === 1 && reasons.unreachable !== undefined;
    const hint = onlyUnreachable ? `${baseUrl} never answered` : 'record again where the requests are answered (a page on another origin needs the target to allow it by CORS)';
    throw new ConfigError(`--har ${files.join(' ')}: none of the ${count} recorded exchanges with ${baseUrl} got an answer (${counted}${detail ? `, e.g. ${detail}` : ''}): nothing to judge; ${hint}`);
  }
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

