import { restErrorStatus } from './status';
import { restValues } from './values';

/**
 * A service envelope (`{success, code, errors, data, requestID}`) as a REST answer (profiles/rest.json):
 * success: HTTP 200, the payload as the whole body, searches as
 * `{items, page, perPage, totalPages, total, next?, prev?}`; refusal: HTTP 4xx,
 * `{"error": {"code", "messages"}}` plus the error's data (a Failed job keeps `"status": "Failed"`).
 */
export interface RestAnswer {
  status: number;
  body: unknown;
  /** The envelope's requestID, sent as the X-Request-ID header. */
  requestID?: string;
}

/** Rewrites a paging link of the upstream mock to the adapter's origin. */
export type LinkRewriter = (url: string) => string;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a body is a service envelope (anything else, e.g. an admin answer, is passed on as it is). */
export function isEnvelope(body: unknown): body is Json {
  return isObject(body) && 'success' in body && 'data' in body;
}

export function restAnswer(envelope: Json, rewriteLink: LinkRewriter): RestAnswer {
  const requestID = typeof envelope.requestID === 'string' ? envelope.requestID : undefined;
  const succeeded = envelope.success === 1 || envelope.success === true;
  if (!succeeded) {
    const messages = Array.isArray(envelope.errors) ? envelope.errors : [];
    const error = { code: envelope.code, messages };
    const data = isObject(envelope.data) ? (restValues(envelope.data) as Json) : {};
    return { status: restErrorStatus(envelope.code), body: { ...data, error }, requestID };
  }
  const data = envelope.data;
  const payload = isSearch(data) ? searchPage(data, rewriteLink) : restValues(data);
  return { status: 200, body: payload, requestID };
}

function isSearch(data: unknown): data is { records: unknown[]; paging: Json } {
  return isObject(data) && Array.isArray(data.records) && isObject(data.paging);
}

function searchPage({ records, paging }: { records: unknown[]; paging: Json }, rewriteLink: LinkRewriter): Json {
  const { page, rpp, totalPages, totalRecords, next, prev, ...more } = paging;
  return {
    items: restValues(records),
    page,
    perPage: rpp,
    totalPages,
    total: totalRecords,
    ...link('next', next, rewriteLink),
    ...link('prev', prev, rewriteLink),
    ...more,
  };
}

/** A neighbouring page's URL, or nothing when there is no such page (the service's ""). */
function link(name: string, value: unknown, rewriteLink: LinkRewriter): Json {
  if (value === undefined || value === null || value === '') return {};
  return { [name]: typeof value === 'string' ? rewriteLink(value) : value };
}
