import { createResponseValidator, operationInfo } from '../contract';
import type { HttpMethod, OperationKey, Profile, ValidationReport } from '../types';
import { type ApiResponse, type BodyReading, toCurl, type CurlRequest, type Params, readBody, type Redactor, WireFailure, type WireResponse } from '../core';

/** One exchange as it went over the wire: what was sent, and what came back (or why nothing usable did). */
export interface WireExchange {
  op: OperationKey;
  request: CurlRequest & { method: HttpMethod };
  /** The parameters sent (as the check gave them, or as decoded from a recording). */
  params: Params;
  /** The answer, or the failure that stood for one (no answer, timeout, body too large). */
  answer: WireResponse | WireFailure;
  durationMs: number;
}

const validators = new Map<Profile, ReturnType<typeof createResponseValidator>>();
const NO_ISSUES: ValidationReport = { issues: [], tolerated: [] };

/**
 * Reads a wire exchange the one way the harness reads answers, live (the client) and recorded (--har,
 * the proxy): the body through the profile, the response validator, the evidence `curl`, tokens redacted.
 * It judges nothing: the validation report rides on the answer, for the rules' judges.
 */
export function readExchange(exchange: WireExchange, profile: Profile, redactor: Redactor): ApiResponse {
  const { op, request, params, answer } = exchange;
  const info = operationInfo(op);
  const wire = answer instanceof WireFailure ? undefined : answer;
  let reading: BodyReading | WireFailure;
  try {
    reading = wire ? readBody(op, new Set(Object.keys(info.payload)), wire, profile) : (answer as WireFailure);
  } catch (error) {
    if (!(error instanceof WireFailure)) throw error;
    reading = error;
  }
  const sent = {
    op,
    method: request.method,
    url: redactor.text(request.url),
    params: redactor.value(params),
    ...(request.body === undefined ? {} : { requestBody: redactor.text(request.body) }),
    ...(wire ? { status: wire.status } : {}),
    curl: toCurl(request, redactor),
    durationMs: exchange.durationMs,
  };

  if (reading instanceof WireFailure) {
    const transport = { reason: reading.reason, detail: redactor.text(reading.detail) };
    return { ...sent, outcome: 'transport', transport, body: undefined, payload: undefined, errors: [], validation: NO_ISSUES };
  }

  const { file, ...json } = reading;
  // Redaction copies the whole answer (a third of a call's time on a page of 250 records); skip it
  // when the raw body cannot hold a token. records stays its own array, as a redacted copy would be.
  const redact = wire === undefined || mayHoldSecret(wire.body, redactor.secrets);
  const readable = redact ? redactor.value(json) : { ...json, ...(json.records ? { records: [...json.records] } : {}) };
  const validate = validatorOf(profile);
  const issues = readable.body === undefined || Object.keys(info.payload).length === 0 ? NO_ISSUES : validate.validateResponse(op, readable.body, readable.outcome);
  const validation = redact && issues !== NO_ISSUES ? redactor.value(issues) : issues;
  return { ...sent, ...readable, ...(file ? { file } : {}), validation };
}

function validatorOf(profile: Profile): ReturnType<typeof createResponseValidator> {
  let validator = validators.get(profile);
  if (!validator) {
    validator = createResponseValidator(profile);
    validators.set(profile, validator);
  }
  return validator;
}

/** A token made of characters JSON never escapes can only hide in a body behind a \u or \/ escape. */
const PLAIN = /^[^"\\\u0000-\u001f]*$/;

/** Whether a raw body may carry a token: it holds one as is, or escapes that could spell one. */
function mayHoldSecret(body: Buffer, secrets: Redactor['secrets']): boolean {
  if (secrets.length === 0) return false;
  if (body.includes('\\u') || body.includes('\\/')) return true;
  return secrets.some(({ value }) => !PLAIN.test(value) || body.includes(value));
}
