/**
 * Values in the REST convention (profiles/rest.json): datetimes in ISO 8601 UTC
 * (`2013-02-12T02:42:00Z`), `private` as true/false, absent values omitted. The mock answers without
 * quirks by default, so usually only the datetimes change; the rest undoes the service's quirks
 * ("" for absent, 0/1 booleans) when the upstream mock runs with them.
 */

/** Every datetime field of a payload (spec/openapi.yaml, `format: ems-datetime` in response schemas). */
export const DATETIME_FIELDS: ReadonlySet<string> = new Set(['dateAdded', 'dateModified', 'dateLastEmailSent', 'dateSent', 'dateScheduled', 'fileExpiration']);

/** Boolean fields of records (ZeroOne fields such as an import row's success stay 0/1: the spec says so). */
export const BOOLEAN_FIELDS: ReadonlySet<string> = new Set(['private']);

const SERVICE_DATETIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

/** `YYYY-MM-DD HH:MM:SS` (GMT) as `YYYY-MM-DDTHH:MM:SSZ`; any other text is returned unchanged. */
export function isoDatetime(text: string): string {
  const match = SERVICE_DATETIME.exec(text);
  return match ? `${match[1]}T${match[2]}Z` : text;
}

const OMIT = Symbol('omit');

function field(key: string, value: unknown): unknown {
  if (typeof value === 'string') {
    if (value === '' && (DATETIME_FIELDS.has(key) || key.endsWith('ID'))) return OMIT;
    if (DATETIME_FIELDS.has(key)) return isoDatetime(value);
    return value;
  }
  if (BOOLEAN_FIELDS.has(key) && (value === 0 || value === 1)) return value === 1;
  return restValues(value);
}

/** A payload with its values in the REST convention (a new value; the input is not changed). */
export function restValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(restValues);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const converted = field(key, item);
    if (converted !== OMIT) out[key] = converted;
  }
  return out;
}
