/**
 * The REST profile's representation (profiles/rest.json) of a body in the service's
 * representation: the payload unwrapped, searches flattened to items/page/perPage/totalPages/total
 * (next/prev only when there is such a page), errors as {"error": {"code", "messages"}}, and
 * service datetimes as ISO 8601 UTC. Other values are kept, deviations included.
 */

type Json = Record<string, unknown>;

const SERVICE_DATETIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

function isoDatetimes(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(SERVICE_DATETIME, '$1T$2Z');
  if (Array.isArray(value)) return value.map(isoDatetimes);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isoDatetimes(v)]));
  }
  return value;
}

function flattenSearch(data: Json): Json {
  const { records, paging = {} } = data as { records: unknown; paging?: Json };
  const { page, rpp, totalPages, totalRecords, next, prev, ...rest } = paging;
  return {
    items: records,
    page,
    perPage: rpp,
    totalPages,
    total: totalRecords,
    ...(next !== '' && next !== undefined && { next }),
    ...(prev !== '' && prev !== undefined && { prev }),
    ...rest,
  };
}

export function toRest(serviceBody: Json, outcome: 'success' | 'error'): unknown {
  if (outcome === 'error') return { error: { code: serviceBody.code, messages: serviceBody.errors } };
  const data = serviceBody.data as Json;
  return isoDatetimes('records' in data ? flattenSearch(data) : data);
}

const REST_PAGING: Record<string, string> = { rpp: '/perPage', totalRecords: '/total' };

/** Where a service body pointer lands in the REST representation. */
export function restPointer(servicePointer: string): string {
  const paging = /^\/data\/paging\/([^/]+)(.*)$/.exec(servicePointer);
  if (paging) return (REST_PAGING[paging[1] ?? ''] ?? `/${paging[1]}`) + paging[2];
  return servicePointer.replace(/^\/data\/records(?=\/|$)/, '/items').replace(/^\/data/, '');
}
