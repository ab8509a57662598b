import { createResponseValidator, operationInfo } from '../contract';
import type { OperationKey, Profile, ValidationReport, Verdict } from '../types';
import type { ApiResponse, BodyReading } from './api-response';
import type { Target } from './config';
import { toCurl } from './curl';
import type { Params } from './encode';
import { sharedRateLimiter, type RateLimiter } from './rate-limit';
import { readBody } from './read-body';
import { createRedactor, type Redactor } from './redact';
import { buildRequest, type RequestOptions } from './request';
import { responseVerdicts } from './response-verdicts';
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

const validators = new Map<Profile, ReturnType<typeof createResponseValidator>>();
const NO_ISSUES: ValidationReport = { issues: [], tolerated: [] };

/** The one HTTP client of the harness: every request of every check goes through it. */
export function createApiClient(target: Target, options: ClientOptions = {}): ApiClient {
  const { profile } = target;
  const redactor = createRedactor(target.tokens);
  const rateLimiter = options.rateLimiter ?? sharedRateLimiter(target.maxRps);
  let validator = validators.get(profile);
  if (!validator) {
    validator = createResponseValidator(profile);
    validators.set(profile, validator);
  }
  const validate = validator;

  async function call(op: OperationKey, callOptions: CallOptions = {}): Promise<ApiResponse> {
    const info = operationInfo(op);
    const request = buildRequest(info, target, callOptions);
    const params = callOptions.params ?? {};
    options.recorder?.request(op, params);
    await rateLimiter.take();

    const started = performance.now();
    let wire: WireResponse | undefined;
    let reading: BodyReading | WireFailure;
    try {
      wire = await send(request, { timeoutMs: callOptions.timeoutMs ?? target.timeoutMs, maxBodyBytes: target.maxBodyBytes });
      reading = readBody(op, new Set(Object.keys(info.payload)), wire, profile);
    } catch (error) {
      if (!(error instanceof WireFailure)) throw error;
      reading = error;
    }
    const exchange = {
      op,
      method: request.method,
      url: redactor.text(request.url),
      params: redactor.value(params),
      ...(request.body === undefined ? {} : { requestBody: redactor.text(request.body) }),
      ...(wire ? { status: wire.status } : {}),
      curl: toCurl(request, redactor),
      durationMs: Math.round(performance.now() - started),
    };

    if (reading instanceof WireFailure) {
      const response = {
        ...exchange,
        outcome: 'transport' as const,
        transport: { reason: reading.reason, detail: redactor.text(reading.detail) },
        body: undefined,
        payload: undefined,
        errors: [],
        validation: NO_ISSUES,
      };
      if (callOptions.allowTransportFailure) return response;
      const error = new TransportError(response, info.path);
      options.recorder?.transportFailure(error);
      throw error;
    }

    const { file, ...json } = reading;
    // Redaction copies the whole answer (a third of a call's time on a page of 250 records); skip it
    // when the raw body cannot hold a token. records stays its own array, as a redacted copy would be.
    const redact = wire === undefined || mayHoldSecret(wire.body, redactor.secrets);
    const readable = redact ? redactor.value(json) : { ...json, ...(json.records ? { records: [...json.records] } : {}) };
    const issues = readable.body === undefined || Object.keys(info.payload).length === 0 ? NO_ISSUES : validate.validateResponse(op, readable.body, readable.outcome);
    const validation = redact && issues !== NO_ISSUES ? redactor.value(issues) : issues;
    const response: ApiResponse = { ...exchange, ...readable, ...(file ? { file } : {}), validation };
    for (const verdict of responseVerdicts(response, profile)) options.recorder?.verdict(verdict);
    return response;
  }

  return { call };
}

/** A token made of characters JSON never escapes can only hide in a body behind a \u or \/ escape. */
const PLAIN = /^[^"\\\u0000-\u001f]*$/;

/** Whether a raw body may carry a token: it holds one as is, or escapes that could spell one. */
function mayHoldSecret(body: Buffer, secrets: Redactor['secrets']): boolean {
  if (secrets.length === 0) return false;
  if (body.includes('\\u') || body.includes('\\/')) return true;
  return secrets.some(({ value }) => !PLAIN.test(value) || body.includes(value));
}
