import { operationInfo } from '../contract';
import type { OperationKey, Verdict } from '../types';
import type { ApiResponse } from './api-response';
import type { Target } from './config';
import type { Params } from './encode';
import { sharedRateLimiter, type RateLimiter } from './rate-limit';
import { readExchange } from './read-exchange';
import { createRedactor } from './redact';
import { buildRequest, type RequestOptions } from './request';
import { send, WireFailure, type WireResponse } from './transport';
import { TransportError } from './transport-error';

export interface CallOptions extends RequestOptions {
  /** Return a transport failure as outcome "transport" instead of throwing a TransportError. */
  allowTransportFailure?: boolean;
  /** Overrides the target's per-request timeout (e.g. a short preflight). */
  timeoutMs?: number;
}

export interface ApiClient {
  call(op: OperationKey, options?: CallOptions): Promise<ApiResponse>;
}

/** Where the client reports what it did: the judge (verdicts, request counts) and coverage. */
export interface RequestRecorder {
  request(op: OperationKey, params: Params): void;
  verdict(verdict: Verdict): void;
  transportFailure(error: TransportError): void;
}

export interface ClientOptions {
  recorder?: RequestRecorder;
  rateLimiter?: RateLimiter;
}

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
    await rateLimiter.take();

    const started = performance.now();
    let answer: WireResponse | WireFailure;
    try {
      answer = await send(request, { timeoutMs: callOptions.timeoutMs ?? target.timeoutMs, maxBodyBytes: target.maxBodyBytes });
    } catch (error) {
      if (!(error instanceof WireFailure)) throw error;
      answer = error;
    }
    const durationMs = Math.round(performance.now() - started);
    const { response, verdicts } = readExchange({ op, request, params, answer, durationMs }, profile, redactor);

    if (response.transport) {
      if (callOptions.allowTransportFailure) return response;
      const error = new TransportError({ ...response, transport: response.transport }, info.path);
      options.recorder?.transportFailure(error);
      throw error;
    }
    for (const verdict of verdicts) options.recorder?.verdict(verdict);
    return response;
  }

  return { call };
}
