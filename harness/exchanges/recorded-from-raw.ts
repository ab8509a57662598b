import { rateLimitSignal, type Target, type TokenName } from '../core';
import { recordedDuration } from './clock';
import type { RecordedExchange, RecordedToken, RecordedTraffic } from './recorded-exchange';
import { readRecordedWire, recordedTraffic, type RecordedWire } from './traffic-file';
import { valueAt } from '../contract';
import type { HttpMethod, Profile } from '../types';
import { operationAt, type ApiBase } from './api-base';
import { bodyParams, queryParams } from './params-of';
import { header, responseBytes, sentTokens, type RawExchange } from './raw-exchange';
import { redactRaw } from './redact-raw';
import { TokenStandIns } from './stand-ins';

/** How recorded exchanges are read: which API, which profile, the stand-ins of the tokens, the body cap. */
export interface ReadingContext {
  base: ApiBase;
  profile: Profile;
  standIns: TokenStandIns;
  /** The configured tokens' stand-ins and names (tokens given to the run), so a recorded token's role is known. */
  roles?: ReadonlyMap<string, TokenName>;
  maxBodyBytes: number;
}

/** Why an entry is not judged (counted per recording). */
export type DropReason = 'other host or path' | 'method not in the spec' | 'rate limited';

/** A recorded exchange, normalized (operation, parameters, token places) and redacted; or why it is dropped. */
export function normalizeExchange(original: RawExchange, index: number, context: ReadingContext): RecordedWire | { dropped: DropReason } {
  const method = original.method.toUpperCase();
  if (method !== 'GET' && method !== 'POST') return { dropped: 'method not in the spec' };
  const op = operationAt(original.url, context.base);
  if (!op) return { dropped: 'other host or path' };
  // The target's rate limit answered (HTTP 429, or the profile's signal), not the target: never judged.
  if (recordedRateLimit(original, context.profile)) return { dropped: 'rate limited' };
  const raw = redactRaw(original, context);
  const { profile, standIns } = context;
  // Read from the redacted exchange: the tokens it names are stand-ins, which are their own stand-ins.
  const sent = sentTokens(raw, profile);
  const first = sent.header ?? sent.query ?? sent.body;
  const token: RecordedToken = {
    header: sent.header !== undefined,
    query: sent.query !== undefined,
    body: sent.body !== undefined,
    ...(first ? { id: standIns.standIn(first) } : {}),
  };
  // The run's tokens given to the reading name the role; else the recorder's word for it (the proxy's HAR).
  const role = token.id === undefined ? undefined : (context.roles?.get(token.id) ?? original.tokenRole);
  if (role) token.role = role;
  const { url, body } = raw;
  const headers: Record<string, string> = {};
  const tokenHeader = header(raw.headers, profile.auth.header);
  if (tokenHeader !== undefined) headers[profile.auth.header] = tokenHeader;
  const contentType = header(raw.headers, 'content-type');
  if (contentType !== undefined) headers['Content-Type'] = contentType;
  const params = method === 'GET' ? queryParams(op, new URL(url).searchParams, profile) : (body === undefined ? {} : bodyParams(op, body, profile) ?? {});

  return {
    index,
    op,
    startedAt: raw.startedAt ?? 0,
    durationMs: recordedDuration(raw.durationMs ?? 0),
    request: { method: method as HttpMethod, url, headers, ...(body === undefined ? {} : { body }) },
    params,
    token,
    answer: answerOf(raw, context),
  };
}

/**
 * One recorded exchange as a check's traffic judge sees it, read the one way the harness reads answers:
 * `recordedExchange(target, { method: 'GET', url: `${target.baseUrl}/groups/search?rpp=10`, status: 200, responseBody: {...} }, 0)`.
 * Throws when the URL is no operation of the target's API. Pass one `standIns` to number tokens across exchanges.
 */
export function recordedExchange(target: Target, raw: RawExchange, index: number, standIns = new TokenStandIns()): RecordedExchange {
  const wire = normalizeExchange(raw, index, contextOf(target, standIns));
  if ('dropped' in wire) throw new Error(`recordedExchange: ${raw.method} ${raw.url} is no exchange with ${target.baseUrl} (${wire.dropped})`);
  return readRecordedWire(wire, target);
}

/**
 * Recorded traffic of raw exchanges, in the order given (tokens numbered across them). `knowTokens`: the
 * target's tokens are given to the reading, so each exchange names its token's role (as `--har` with EMS_TOKEN, ...).
 */
export function trafficOf(target: Target, raws: readonly RawExchange[], { knowTokens = false } = {}): RecordedTraffic {
  const standIns = new TokenStandIns();
  const roles = new Map<string, TokenName>();
  if (knowTokens) for (const [name, token] of Object.entries(target.tokens) as [TokenName, string | undefined][]) if (token) roles.set(standIns.standIn(token), name);
  const context = { ...contextOf(target, standIns), roles };
  return recordedTraffic(raws.map((raw, index) => {
    const wire = normalizeExchange(raw, index, context);
    if ('dropped' in wire) throw new Error(`trafficOf: ${raw.method} ${raw.url} is no exchange with ${target.baseUrl} (${wire.dropped})`);
    return readRecordedWire(wire, target);
  }));
}

/** The reading context of a target (its base, profile and body cap). */
export function contextOf(target: Pick<Target, 'baseUrl' | 'authUrl' | 'profile' | 'maxBodyBytes'>, standIns = new TokenStandIns()): ReadingContext {
  return { base: { baseUrl: target.baseUrl, authUrl: target.authUrl }, profile: target.profile, standIns, maxBodyBytes: target.maxBodyBytes };
}

/** Whether a recorded answer is the target's rate limit: read as the client reads a live one (rateLimitSignal). */
function recordedRateLimit(raw: RawExchange, profile: Profile): boolean {
  if (raw.status === 0 || raw.error) return false;
  const codePointer = profile.outcome.codePointer;
  let code: unknown;
  if (codePointer !== undefined && profile.rateLimit?.errorCode) {
    try {
      code = valueAt(JSON.parse(responseBytes(raw).toString('utf8')), codePointer);
    } catch {
      code = undefined;
    }
  }
  const readable = typeof code === 'number' || typeof code === 'string' ? { outcome: 'error' as const, code } : { outcome: 'success' as const };
  return rateLimitSignal({ status: raw.status, ...readable }, {}, profile, 0) !== undefined;
}

function answerOf(raw: RawExchange, context: ReadingContext): RecordedWire['answer'] {
  if (raw.status === 0 || raw.error) {
    const failure = raw.error ?? { reason: 'reset' as const, detail: '(no answer was recorded)' };
    return { failure: { reason: failure.reason, detail: failure.detail } };
  }
  const bytes = responseBytes(raw);
  if (bytes.length > context.maxBodyBytes) return { failure: { reason: 'body-too-large', detail: `(over ${context.maxBodyBytes} bytes)` } };
  const contentType = raw.contentType ?? 'application/json';
  const date = header(raw.responseHeaders, 'date');
  const dated = date === undefined ? {} : { date };
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return { status: raw.status, contentType, body: bytes.toString('base64'), encoding: 'base64', ...dated };
  return { status: raw.status, contentType, body: text, ...dated };
}

