import { randomUUID } from 'node:crypto';
import { ApiError, altErrorCode, altErrorMessages } from './errors';
import type { FaultSwitch } from './faults';
import { sortKeysDeep } from './variant';

/** The service envelope every JSON response travels in (service-facts.md, "The envelope"). */
export interface Envelope {
  success: 0 | 1;
  code: number;
  errors: string[];
  data: unknown;
  requestID?: string;
}

export interface EnvelopeResponse {
  httpStatus: number;
  body: Envelope;
}

/** alt (mock/variant.ts): keys in another order, another requestID form, other codes and wording. */
export function successEnvelope(data: unknown, faults: FaultSwitch, alt = false): EnvelopeResponse {
  const body = withRequestID({ success: 1, code: 0, errors: [], data }, faults, alt);
  return { httpStatus: 200, body: alt ? altOrder(body) : body };
}

export function errorEnvelope(error: ApiError, faults: FaultSwitch, alt = false): EnvelopeResponse {
  const code = alt ? altErrorCode(error.code) : error.code;
  const body: Envelope = {
    success: 0,
    code: faults.has('envelope-error-code-zero') ? 0 : code,
    errors: faults.has('envelope-error-without-messages') ? [] : alt ? altErrorMessages(error) : [error.message],
    data: error.data,
  };
  const withID = withRequestID(body, faults, alt);
  return { httpStatus: faults.has('envelope-http-400-on-error') ? 400 : 200, body: alt ? altOrder(withID) : withID };
}

function withRequestID(body: Envelope, faults: FaultSwitch, alt: boolean): Envelope {
  if (faults.has('envelope-missing-request-id')) return body;
  return { ...body, requestID: alt ? randomUUID().replaceAll('-', '') : randomUUID().toUpperCase() };
}

/** alt: the envelope's keys reversed (requestID first), every object below in alphabetical key order. */
function altOrder(body: Envelope): Envelope {
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(body).reverse()) ordered[key] = key === 'data' ? sortKeysDeep(body.data) : body[key as keyof Envelope];
  return ordered as unknown as Envelope;
}
