import type { Profile } from '../types';

export type Params = Record<string, unknown>;
type RequestConvention = Profile['request'];

/** Parameters as a query string (without "?"), booleans and arrays written the profile's way. */
export function encodeQuery(params: Params, convention: RequestConvention): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && convention.queryArrays === 'repeat') {
      for (const item of value) query.append(name, scalar(item, convention));
    } else if (Array.isArray(value)) {
      query.append(name, value.map((item) => scalar(item, convention)).join(','));
    } else {
      query.append(name, scalar(value, convention));
    }
  }
  return query.toString();
}

/** Parameters as a JSON body; top-level booleans written the profile's way (service: 0/1). */
export function encodeBody(params: Params, convention: RequestConvention): string {
  const body = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'boolean' ? booleanValue(value, convention) : value]),
  );
  return JSON.stringify(body);
}

function scalar(value: unknown, convention: RequestConvention): string {
  if (typeof value === 'boolean') return String(booleanValue(value, convention));
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function booleanValue(value: boolean, convention: RequestConvention): boolean | number {
  if (convention.booleans === '01') return value ? 1 : 0;
  return value;
}
