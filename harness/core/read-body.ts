import type { OperationKey, Profile } from '../types';
import type { BodyReading, ExportJobView, Paging } from './api-response';
import { valueAt } from '../contract';
import { WireFailure, type WireResponse } from './transport';

/** Which parts an operation's payload has (the spec's x-payload keys). */
export type PayloadParts = ReadonlySet<string>;

/**
 * Reads a response through the profile: tells success from error, finds the payload and its parts.
 * Throws WireFailure for what is no usable answer: a gateway's 502/503/504 without the target's envelope
 * (`gateway`, an outage: harness/core/outage.ts), any other HTTP 5xx, a status the profile does not know,
 * or a body that is not JSON where JSON is expected.
 */
export function readBody(op: OperationKey, parts: PayloadParts, wire: WireResponse, profile: Profile): BodyReading {
  const { outcome: convention, pointers } = profile;
  if (GATEWAY_STATUSES.has(wire.status) && !carriesEnvelope(wire, profile)) {
    throw new WireFailure('gateway', `(HTTP ${wire.status} without the target's envelope, content-type ${wire.contentType || 'none'})`);
  }
  if (wire.status >= 500) throw new WireFailure('server-error', `(HTTP ${wire.status})`);
  const knownStatus = statusMatches(convention.successStatus, wire.status) || statusMatches(convention.errorStatus, wire.status);

  if (parts.has('file') && !/json/i.test(wire.contentType) && statusMatches(convention.successStatus, wire.status)) {
    return { outcome: 'success', body: undefined, payload: undefined, errors: [], file: wire.body, ...dateOf(wire) };
  }

  const body = parseJson(wire, knownStatus);
  let outcome: BodyReading['outcome'];
  if (convention.successPointer !== undefined) {
    outcome = valueAt(body, convention.successPointer) === convention.successValue ? 'success' : 'error';
  } else if (statusMatches(convention.successStatus, wire.status)) {
    outcome = 'success';
  } else if (statusMatches(convention.errorStatus, wire.status)) {
    outcome = 'error';
  } else {
    throw new WireFailure('unexpected-status', `(HTTP ${wire.status})`);
  }

  const payload = valueAt(body, pointers.payload);
  const at = (relative: string) => valueAt(payload, relative);
  const reading: BodyReading = {
    outcome,
    body,
    payload,
    errors: messagesOf(valueAt(body, convention.errorsPointer), convention.messagePointer),
    code: codeOf(body, convention),
    ...dateOf(wire),
  };
  if (parts.has('records')) {
    const records = at(pointers.records);
    reading.records = Array.isArray(records) ? records : undefined;
  }
  if (parts.has('paging')) reading.paging = pagingOf(payload, pointers.paging);
  if (op === 'exports.emails') reading.jobID = asNumber(at(pointers.jobID));
  if (op === 'exports.jobStatus') reading.job = jobOf(payload, pointers.job);
  if (op === 'contacts.import') reading.importResult = at(pointers.importResult);
  return reading;
}

/** The statuses a gateway or proxy answers when it got nothing from the target behind it. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * Whether a body is the target's envelope as the profile describes it: JSON holding the success signal (where the
 * profile has one) or the error messages. A gateway's page (HTML, plain text, an empty body) is not.
 */
function carriesEnvelope(wire: WireResponse, profile: Profile): boolean {
  let body: unknown;
  try {
    body = JSON.parse(wire.body.toString('utf8'));
  } catch {
    return false;
  }
  if (body === null || typeof body !== 'object') return false;
  const { successPointer, errorsPointer } = profile.outcome;
  return (successPointer !== undefined && valueAt(body, successPointer) !== undefined) || valueAt(body, errorsPointer) !== undefined;
}

/** The Date header, carried along for checks that need the target's clock (a header, not the body, but read with it). */
const dateOf = (wire: WireResponse): Pick<BodyReading, 'date'> => (wire.date === undefined ? {} : { date: wire.date });

/** Whether an HTTP status matches a profile's status list: "200", "2xx", "200,201". */
export function statusMatches(spec: string, status: number): boolean {
  return spec.split(',').some((item) => {
    const pattern = item.trim().toLowerCase();
    return /^\dxx$/.test(pattern) ? Math.floor(status / 100) === Number(pattern[0]) : Number(pattern) === status;
  });
}

function parseJson(wire: WireResponse, knownStatus: boolean): unknown {
  const text = wire.body.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    const start = JSON.stringify(text.slice(0, 40));
    if (!knownStatus) throw new WireFailure('unexpected-status', `(HTTP ${wire.status}, body starts ${start})`);
    throw new WireFailure('not-json', `(HTTP ${wire.status}, content-type ${wire.contentType || 'none'}, body starts ${start})`);
  }
}

function pagingOf(payload: unknown, pointers: Profile['pointers']['paging']): Paging {
  const at = (pointer: string | undefined) => (pointer === undefined ? undefined : valueAt(payload, pointer));
  return {
    page: asNumber(at(pointers.page)),
    rpp: asNumber(at(pointers.rpp)),
    totalPages: asNumber(at(pointers.totalPages)),
    totalRecords: asNumber(at(pointers.totalRecords)),
    next: asString(at(pointers.next)),
    prev: asString(at(pointers.prev)),
  };
}

function jobOf(payload: unknown, pointers: Profile['pointers']['job']): ExportJobView {
  return {
    status: asString(valueAt(payload, pointers.status)),
    fileKey: asString(valueAt(payload, pointers.fileKey)),
    fileExpiration: asString(valueAt(payload, pointers.fileExpiration)),
    totalRecords: asNumber(valueAt(payload, pointers.totalRecords)),
  };
}

/** Where an object's message sits when the profile does not say (`{"code": "...", "message": "..."}`). */
export const DEFAULT_MESSAGE_POINTER = '/message';

/** The form of the value at errorsPointer: one string, an array of strings, or objects (one or an array). */
export type MessagesForm = 'string' | 'strings' | 'objects';

/** Which form a messages value has; undefined for anything else (a number, a mixed array, nothing). An empty array is `strings`. */
export function messagesFormOf(value: unknown): MessagesForm | undefined {
  if (typeof value === 'string') return 'string';
  if (isObject(value)) return 'objects';
  if (!Array.isArray(value)) return undefined;
  if (value.every((item) => typeof item === 'string')) return 'strings';
  if (value.every(isObject)) return 'objects';
  return undefined;
}

/**
 * The messages of the value at errorsPointer, whatever its form: one string (an empty one is no
 * message), an array of strings, or objects (one or an array) whose message is the string at
 * messagePointer (an object without one is kept as its JSON text).
 */
export function messagesOf(value: unknown, messagePointer: string = DEFAULT_MESSAGE_POINTER): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  const items = Array.isArray(value) ? value : isObject(value) ? [value] : [];
  return items.map((item) => {
    if (typeof item === 'string') return item;
    const text = isObject(item) ? valueAt(item, messagePointer) : undefined;
    return typeof text === 'string' ? text : JSON.stringify(item);
  });
}

/**
 * The error code at the profile's codePointer, read as the profile's codeType: an integer-typed code
 * is a number, a string-typed code a non-empty string; anything else (or no codePointer) is undefined.
 */
export function codeOf(body: unknown, convention: Profile['outcome']): number | string | undefined {
  if (convention.codePointer === undefined) return undefined;
  const value = valueAt(body, convention.codePointer);
  if (convention.codeType === 'string') return typeof value === 'string' && value !== '' ? value : undefined;
  return asNumber(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
