import { randomUUID } from 'node:crypto';
import { ApiError } from './errors';
import type { FaultSwitch } from './faults';

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

export function successEnvelope(data: unknown, faults: FaultSwitch): EnvelopeResponse {
  return { httpStatus: 200, body: withRequestID({ success: 1, code: 0, errors: [], data }, faults) };
}

export function errorEnvelope(error: ApiError, faults: FaultSwitch): EnvelopeResponse {
  const body: Envelope = {
    success: 0,
    code: faults.has('envelope-error-code-zero') ? 0 : error.code,
    errors: faults.has('envelope-error-without-messages') ? [] : [error.message],
    data: error.data,
  };
  return { httpStatus: faults.has('envelope-http-400-on-error') ? 400 : 200, body: withRequestID(body, faults) };
}

function withRequestID(body: Envelope, faults: FaultSwitch): Envelope {
  return faults.has('envelope-missing-request-id') ? body : { ...body, requestID: randomUUID().toUpperCase() };
}
