import type { Json, JsonObject } from './json';
import { mapSchemaNodes } from './schema-nodes';

function jsonType(value: Json): string | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value;
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return undefined;
}

/**
 * `const: v` becomes `enum: [v]` with the value's type (`{ const: pong }` -> `{ type: string, enum: [pong] }`):
 * the same set of values, in the form OpenAPI 3.0 and the tools that read schemas by `type` understand.
 */
export function constToEnum(document: JsonObject): JsonObject {
  return mapSchemaNodes(document, (node) => {
    if (!('const' in node)) return node;
    const { const: value, ...rest } = node;
    const type = rest.type ?? jsonType(value!);
    return { ...(type === undefined ? {} : { type }), ...rest, enum: [value!] };
  });
}
