import type { Profile } from '../types';
import { formatPointer, parsePointer, valueAt } from './json-pointer';
import type { SchemaName } from './schema-compiler';
import type { PayloadPart } from './spec';

/** One part of a response payload as the validator sees it. */
export interface PayloadView {
  schema: SchemaName;
  value: unknown;
  /** Body pointer (from the body root) of a path inside `value`. */
  pointerOf: (instancePath: string) => string;
}

/** Paging values sit wherever the profile's paging pointers say; gather them into one Paging object. */
function gatheredPaging(schema: SchemaName, body: unknown, payload: string, fields: Profile['pointers']['paging']): PayloadView {
  const located = Object.entries(fields).map(([field, pointer]) => [field, payload + pointer] as const);
  const value = Object.fromEntries(
    located.map(([field, pointer]) => [field, valueAt(body, pointer)] as const).filter(([, v]) => v !== undefined),
  );
  const fieldPointers = new Map(located);
  return {
    schema,
    value,
    pointerOf: (instancePath) => {
      const [field = '', ...rest] = parsePointer(instancePath);
      const pointer = fieldPointers.get(field);
      return pointer === undefined ? payload + instancePath : pointer + formatPointer(rest);
    },
  };
}

function located(schema: SchemaName, body: unknown, pointer: string): PayloadView {
  return { schema, value: valueAt(body, pointer), pointerOf: (instancePath) => pointer + instancePath };
}

/**
 * The JSON parts of a success body named by the operation's x-payload, found through the profile:
 * records (each against the record schema), paging (gathered through the paging pointers) and the
 * object payload (at the payload root; the import result at pointers.importResult). The export
 * file is binary and has no JSON part.
 */
export function payloadViews(parts: Partial<Record<PayloadPart, string>>, body: unknown, pointers: Profile['pointers']): PayloadView[] {
  const views: PayloadView[] = [];
  const payload = pointers.payload;
  if (parts.records) views.push(located(`${parts.records}[]`, body, payload + pointers.records));
  if (parts.paging) views.push(gatheredPaging(parts.paging, body, payload, pointers.paging));
  if (parts.object) {
    const at = parts.object === 'ImportResponse' ? pointers.importResult : '';
    views.push(located(parts.object, body, payload + at));
  }
  return views;
}
