import { randomUUID } from 'node:crypto';
import type { Choices } from './choices/choices';
import { ApiError, groupedErrorCode, type ErrorCodeValue } from './errors';
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

/**
 * envelope.key-order=reordered: keys in another order; envelope.request-id-form=hex: another requestID form;
 * errors.codes=grouped: other codes; errors.messages-form=several-strings: other wording in two strings.
 */
export function successEnvelope(data: unknown, faults: FaultSwitch, choices: Choices): EnvelopeResponse {
  const body = withRequestID({ success: 1, code: 0, errors: [], data }, faults, choices);
  return { httpStatus: 200, body: ordered(body, choices) };
}

export function errorEnvelope(error: ApiError, faults: FaultSwitch, choices: Choices): EnvelopeResponse {
  const code = choices.is('errors.codes', 'grouped') ? groupedErrorCode(error.code) : error.code;
  const body: Envelope = {
    success: 0,
    code: faults.has('envelope-error-code-zero') ? 0 : code,
    errors: faults.has('envelope-error-without-messages') ? [] : choices.is('errors.messages-form', 'several-strings') ? severalStrings(error, code) : [error.message],
    data: errorData(error, choices),
  };
  const withID = withRequestID(body, faults, choices);
  return { httpStatus: faults.has('envelope-http-400-on-error') ? 400 : 200, body: ordered(withID, choices) };
}

/** errors.data=details: an error whose data would be empty carries the error's code and message in it (service-facts.md: data "may still hold something on failure"). */
function errorData(error: ApiError, choices: Choices): unknown {
  const empty = error.data === undefined || (typeof error.data === 'object' && error.data !== null && Object.keys(error.data).length === 0);
  return empty && choices.is('errors.data', 'details') ? { error: { code: error.code, message: error.message } } : error.data;
}

function withRequestID(body: Envelope, faults: FaultSwitch, choices: Choices): Envelope {
  if (faults.has('envelope-missing-request-id')) return body;
  return { ...body, requestID: choices.is('envelope.request-id-form', 'hex') ? randomUUID().replaceAll('-', '') : randomUUID().toUpperCase() };
}

/** errors.messages-form=several-strings: the message in other words, then a second string naming the code. */
function severalStrings(error: ApiError, code: ErrorCodeValue | number): string[] {
  return [`Error: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}.`, `(${code})`];
}

function ordered(body: Envelope, choices: Choices): Envelope {
  return choices.is('envelope.key-order', 'reordered') ? reordered(body) : body;
}

/** envelope.key-order=reordered: the envelope's keys reversed (requestID first), every object below in alphabetical key order. */
function reordered(body: Envelope): Envelope {
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(body).reverse()) ordered[key] = key === 'data' ? sortKeysDeep(body.data) : body[key as keyof Envelope];
  return ordered as unknown as Envelope;
}

/** Every object's keys in alphabetical order (deeply). */
function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return out;
}
