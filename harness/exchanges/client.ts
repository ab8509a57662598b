import { isWrite, operationInfo } from '../contract';
import type { OperationKey } from '../types';
import { type ApiResponse, type Target, type Params, sharedRateLimiter, type RateLimiter, rateLimitDecision, rateLimitSignal, backoffMs, type TokenName, createRedactor, send, WireFailure, type WireResponse, TransportError, resendWait, READ_RESEND_WAITS_MS, isOutage, type FailedAttempt } from '../core';
import { clockNow, recordedDuration } from './clock';
import { readExchange } from './read-exchange';
import type { SentToken } from './exchange-log';
import { buildRequest, type BuiltRequest, type RequestOptions } from './request';

export interface CallOptions extends RequestOptions {
  /** Return a transport failure as outcome "transport" instead of throwing a TransportError. */
  allowTransportFailure?: boolean;
  /** Overrides the target's per-request timeout (e.g. a short preflight). */
  timeoutMs?: number;
  /**
   * Return a request the target's rate limit kept refusing as outcome "transport" (reason rate-limited)
   * instead of throwing. Only for callers that judge no rule on the answer (the preflight): a check's
   * answer must never be a rate limit (allowTransportFailure alone does not cover it).
   */
  allowRateLimited?: boolean;
}

export interface ApiClient {
  call(op: OperationKey, options?: CallOptions): Promise<ApiResponse>;
}

/** Where the client reports what it did: request counts and coverage, transport failures, and every exchange (the judges read them). */
export interface RequestRecorder {
  request(op: OperationKey, params: Params): void;
  transportFailure(error: TransportError): void;
  /** The target's rate limit refused a request (the client waits and retries it). */
  rateLimited?(op: OperationKey): void;
  /** Every request's final exchange (success, error or transport failure), for the judges; never a rate limit's answer (as offline: dropped). */
  exchange?(response: ApiResponse, startedAt: number, token: SentToken): void;
}

export interface ClientOptions {
  recorder?: RequestRecorder;
  rateLimiter?: RateLimiter;
}

/**
 * The targets (a run's, shared by the tests of a worker) whose last request got no answer through every resend: their
 * requests are not resent until one of them is answered, so a target that is gone costs the resend waits once, not
 * per request.
 */
const unanswering = new WeakSet<Target>();

/**
 * The one HTTP client of the harness: every request of every check goes through it. What comes back
 * is read by readExchange, as recorded traffic is.
 */
export function createApiClient(target: Target, options: ClientOptions = {}): ApiClient {
  const { profile } = target;
  const redactor = createRedactor(target.tokens);
  const rateLimiter = options.rateLimiter ?? sharedRateLimiter(target.maxRps);

  async function call(op: OperationKey, callOptions: CallOptions = {}): Promise<ApiResponse> {
    const info = operationInfo(op);
    const request = buildRequest(info, target, callOptions);
    const params = callOptions.params ?? {};
    options.recorder?.request(op, params);
    const token = sentToken(callOptions, target);

    const write = isWrite(op);
    // A retired operation's unavailability is its documented state, no outage: never resent, and it tells nothing of the target's.
    const retired = info.retired !== undefined;
    const resent: FailedAttempt[] = [];
    // A target whose last request went unanswered through every resend is not waited on again until it answers.
    const down = unanswering.has(target) || retired;
    for (let attempt = 1; ; attempt++) {
      await rateLimiter.take();
      const { response: answered, wire, failure, startedAt } = await exchange(op, request, params, callOptions, write);
      const limit = wire && rateLimitSignal(answered, wire, profile, Date.now());
      // A status the profile declares a rate limit's (a 503 with Retry-After, say) is waited out below, never resent here.
      const lost = limit ? undefined : failure;
      if (lost) {
        // No answer of the target's: a read is sent again after a short wait; a write only where nothing of it reached the target.
        const wait = down ? undefined : resendWait(lost, write, resent.length, Date.now(), target.deadline);
        if (wait !== undefined) {
          resent.push({ reason: lost.reason, detail: answered.transport?.detail ?? '', startedAt });
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
      }
      if (!retired && !lost) unanswering.delete(target);
      else if (!retired && resent.length >= READ_RESEND_WAITS_MS.length) unanswering.add(target);
      const unknown = write && lost !== undefined && lost.mayHaveReached && isOutage(lost.reason);
      const response: ApiResponse = { ...answered, ...(resent.length > 0 ? { resent: [...resent] } : {}), ...(unknown ? { outcomeUnknown: true as const } : {}) };
      if (limit) {
        // The target's rate limit answered, not the target: never judged. Wait as told, slow down, retry.
        options.recorder?.rateLimited?.(op);
        const decision = rateLimitDecision(limit, attempt, Date.now(), target.deadline);
        if ('retryAfterMs' in decision) {
          rateLimiter.limited(decision.retryAfterMs);
          continue;
        }
        rateLimiter.limited(backoffMs(attempt));
        const limited = { ...response, outcome: 'transport' as const, transport: { reason: 'rate-limited' as const, detail: decision.giveUp } };
        if (callOptions.allowRateLimited) return limited;
        throw transportFailure(limited, info.path);
      }
      options.recorder?.exchange?.(response, startedAt, token);
      if (response.transport) {
        if (callOptions.allowTransportFailure) return response;
        throw transportFailure({ ...response, transport: response.transport }, info.path);
      }
      return response;
    }
  }

  /**
   * One attempt: sent once (a write on a connection of its own, so no stale keep-alive socket takes it) and read.
   * `failure` where no answer of the target's came: the connection failed, or a gateway answered for it.
   */
  async function exchange(op: OperationKey, request: BuiltRequest, params: Params, callOptions: CallOptions, write: boolean): Promise<{ response: ApiResponse; wire?: WireResponse; failure?: WireFailure; startedAt: number }> {
    const startedAt = clockNow();
    let answer: WireResponse | WireFailure;
    try {
      answer = await send(request, { timeoutMs: callOptions.timeoutMs ?? target.timeoutMs, maxBodyBytes: target.maxBodyBytes }, { freshConnection: write });
    } catch (error) {
      if (!(error instanceof WireFailure)) throw error;
      answer = error;
    }
    const durationMs = recordedDuration(clockNow() - startedAt);
    const response = readExchange({ op, request, params, answer, durationMs }, profile, redactor);
    if (answer instanceof WireFailure) return { response, failure: answer, startedAt };
    // A gateway answered in the target's stead: no answer of the target's (it may have reached the target).
    const gateway = response.transport?.reason === 'gateway' ? new WireFailure('gateway', response.transport.detail) : undefined;
    return { response, wire: answer, ...(gateway ? { failure: gateway } : {}), startedAt };
  }

  function transportFailure(response: ApiResponse & { transport: NonNullable<ApiResponse['transport']> }, path: string): TransportError {
    const error = new TransportError(response, path);
    options.recorder?.transportFailure(error);
    return error;
  }

  return { call };
}

/** The token a request carries, where, and which it is (its value stays in memory: the exchange log keeps a stand-in). */
function sentToken(options: CallOptions, target: Target): SentToken {
  const choice = options.token ?? 'full';
  const placement = options.tokenIn ?? 'header';
  if (choice === 'none') return { placement, value: undefined };
  if (typeof choice === 'object') {
    // A literal token: a configured one's value is that token; any other value was made up by the harness.
    const configured = (Object.keys(target.tokens) as TokenName[]).find((name) => target.tokens[name] === choice.raw);
    return { placement, value: choice.raw, role: configured ?? 'unissued' };
  }
  return { placement, value: target.tokens[choice], role: choice };
}
