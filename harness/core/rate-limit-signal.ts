import type { Profile } from '../types';
import type { ApiResponse } from './api-response';

/** An answer that says the target's rate limit refused the request, and how long it asks the client to wait. */
export interface RateLimitSignal {
  /** From Retry-After (seconds, or an HTTP date read against the answer's Date); absent when not sent or unreadable. */
  waitMs?: number;
  /** What was seen, for a reason line: "HTTP 429, Retry-After 2". */
  seen: string;
}

/** HTTP 429 Too Many Requests (RFC 6585): a rate limit whatever the profile says. */
const TOO_MANY_REQUESTS = 429;

/**
 * Whether an answer is the target's rate limit rather than its answer to the request: HTTP 429, a status the
 * profile's `rateLimit.httpStatus` names, or an error whose code is one of `rateLimit.errorCode`.
 */
export function rateLimitSignal(
  response: Pick<ApiResponse, 'status' | 'outcome' | 'code'>,
  headers: { retryAfter?: string; date?: string },
  profile: Profile,
  nowMs: number,
): RateLimitSignal | undefined {
  const { status, outcome, code } = response;
  const { retryAfter, date } = headers;
  const signal = profile.rateLimit ?? {};
  const byStatus = status !== undefined && (status === TOO_MANY_REQUESTS || (signal.httpStatus ?? []).includes(status));
  const byCode = outcome === 'error' && code !== undefined && (signal.errorCode ?? []).includes(code);
  if (!byStatus && !byCode) return undefined;
  const waitMs = retryAfter === undefined ? undefined : retryAfterMs(retryAfter, date ? Date.parse(date) : nowMs);
  const seen = [`HTTP ${status}`, ...(byCode ? [`code ${code}`] : []), ...(retryAfter === undefined ? [] : [`Retry-After ${retryAfter}`])].join(', ');
  return { ...(waitMs === undefined ? {} : { waitMs }), seen };
}

/** Retry-After (RFC 9110 10.2.3): delay-seconds or an HTTP date, read against `nowMs` (the answer's own clock when it sent one). */
export function retryAfterMs(text: string, nowMs: number): number | undefined {
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at) || Number.isNaN(nowMs)) return undefined;
  return Math.max(0, at - nowMs);
}

/** How often one request may be refused by the rate limit before it is given up as a transport failure. */
export const MAX_RATE_LIMITED_ATTEMPTS = 5;

/** The wait before retry number `attempt` (1 = after the first refusal) when the target named none: 1 s, 2 s, 4 s, ... at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** (attempt - 1));
}

/**
 * What to do after the `attempt`-th refusal of one request: wait and retry, or give up (the limit refused it
 * MAX_RATE_LIMITED_ATTEMPTS times, or the wait would end past the run's deadline).
 */
export function rateLimitDecision(signal: RateLimitSignal, attempt: number, nowMs: number, deadline: number): { retryAfterMs: number } | { giveUp: string } {
  const waitMs = signal.waitMs ?? backoffMs(attempt);
  if (attempt >= MAX_RATE_LIMITED_ATTEMPTS) return { giveUp: `(rate limit: refused ${attempt} times, last ${signal.seen})` };
  if (nowMs + waitMs > deadline) return { giveUp: `(rate limit: ${signal.seen}; waiting ${Math.ceil(waitMs / 1000)} s would outlast the run, EMS_BUDGET_S)` };
  return { retryAfterMs: waitMs };
}
