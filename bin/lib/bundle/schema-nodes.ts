import { mapObjects, type Json, type JsonObject } from './json';

/** Keys whose value is one schema. */
const SCHEMA_KEYS = new Set(['schema', 'items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems']);
/** Keys whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keys whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['allOf', 'oneOf', 'anyOf', 'prefixItems']);

/** Whether the object at `path` is a schema (not a property map, a parameter, an extension's content, an example...). */
export function isSchemaPath(path: readonly string[]): boolean {
  if (path.some((key) => key.startsWith('x-') || key === 'example' || key === 'examples')) return false;
  const key = path.at(-1);
  const parent = path.at(-2);
  if (key === undefined) return false;
  if (path.length === 3 && path[0] === 'components' && path[1] === 'schemas') return true;
  if (parent !== undefined && SCHEMA_MAPS.has(parent)) return isSchemaPath(path.slice(0, -2));
  if (parent !== undefined && SCHEMA_LISTS.has(parent)) return true;
  return SCHEMA_KEYS.has(key);
}

/** Applies `rewrite` to every schema of the document, innermost first. */
export function mapSchemaNodes(document: JsonObject, rewrite: (node: JsonObject, path: readonly string[]) => JsonObject): JsonObject {
  return mapObjects(document, (node, path) => (isSchemaPath(path) ? rewrite(node, path) : node)) as JsonObject;
}

/** The schema's `type` as a list (OpenAPI 3.1 allows a list). */
export function typesOf(node: JsonObject): string[] {
  const type: Json | undefined = node.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : [];
}
