import { valueAt } from '../../../harness/contract';
import { isObject, type Json, type JsonObject } from './json';
import { mapSchemaNodes } from './schema-nodes';

function component(document: JsonObject, node: JsonObject): JsonObject {
  if (typeof node.$ref !== 'string') return node;
  const content = valueAt(document, node.$ref.slice(1));
  if (!isObject(content)) throw new Error(`${node.$ref} points at no schema`);
  return component(document, content);
}

/**
 * One property seen by two parts of an allOf: a later part that only pins the value (`success: { const: 1 }`
 * over `success: ZeroOne`) narrows the earlier schema; any other later schema is the narrower one and replaces it
 * (`data: PingData` over the envelope's `data: object or array`).
 */
function mergeProperty(document: JsonObject, earlier: Json, later: Json): Json {
  if (!isObject(later) || !isObject(earlier) || !('const' in later) || Object.keys(later).length !== 1) return later;
  const base = component(document, earlier);
  const allowed = base.enum;
  if (Array.isArray(allowed) && !allowed.includes(later.const!)) throw new Error(`const ${JSON.stringify(later.const)} is outside ${JSON.stringify(allowed)}`);
  const { enum: _enum, ...rest } = base;
  return { ...rest, const: later.const! };
}

/** An allOf of object schemas as one object schema: properties merged part by part, required joined. */
function flatten(document: JsonObject, node: JsonObject): JsonObject {
  const { allOf, ...own } = node;
  if (!Array.isArray(allOf)) return node;
  const properties: JsonObject = {};
  const required = new Set<string>();
  let description: Json | undefined;
  for (const part of allOf) {
    if (!isObject(part)) throw new Error('allOf part is not a schema');
    const schema = flatten(document, component(document, part));
    if (schema.type !== undefined && schema.type !== 'object') throw new Error(`allOf of a ${JSON.stringify(schema.type)} schema: only object parts are flattened`);
    description ??= schema.description;
    for (const [name, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
      properties[name] = name in properties ? mergeProperty(document, properties[name]!, property) : property;
    }
    for (const name of Array.isArray(schema.required) ? schema.required : []) required.add(String(name));
  }
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    ...own,
    ...(required.size > 0 ? { required: [...required] } : {}),
    properties,
  };
}

/** Every allOf of object schemas becomes the one object schema it describes (envelopes are written as allOf). */
export function flattenAllOf(document: JsonObject): JsonObject {
  return mapSchemaNodes(document, (node) => flatten(document, node));
}
