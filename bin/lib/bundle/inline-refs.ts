import { valueAt } from '../../../harness/contract';
import { isObject, type Json, type JsonObject } from './json';

/** `#/components/<kind>/<name>`: a reference every OpenAPI tool resolves. */
const COMPONENT_REF = /^#\/components\/[^/]+\/[^/]+$/;

function target(document: JsonObject, ref: string): Json {
  if (!ref.startsWith('#')) throw new Error(`${ref}: the bundle holds only local references`);
  const value = valueAt(document, ref.slice(1));
  if (value === undefined) throw new Error(`${ref} does not resolve`);
  return value as Json;
}

/**
 * Replaces the references generic tools do not read with what they point at:
 *  - a reference into a component (`#/components/schemas/GroupsSearchParams/properties/groupIDs`);
 *  - a reference with sibling keywords (`{ $ref: IDList, description }`, valid in OpenAPI 3.1, ignored by 3.0
 *    tools): the component's content with the siblings over it.
 *  - a reference to a schema that is not an object (`ZeroOne`, `Rpp`, `IDList`): a value's own type reads best
 *    in place (and Prism's example generator drops repeated references to one scalar schema).
 * A bare reference to a whole object schema, response or other component stays.
 */
export function inlineReferences(document: JsonObject): JsonObject {
  const walk = (node: Json, depth: number): Json => {
    if (depth > 64) throw new Error('reference chain deeper than 64: a cycle?');
    if (Array.isArray(node)) return node.map((item) => walk(item, depth));
    if (!isObject(node)) return node;
    const { $ref, ...siblings } = node;
    if (typeof $ref === 'string' && !(COMPONENT_REF.test($ref) && Object.keys(siblings).length === 0 && !isScalarSchema(document, $ref))) {
      const content = target(document, $ref);
      const inlined = Object.keys(siblings).length === 0 ? content : { ...(expectObject(content, $ref)), ...siblings };
      return walk(inlined, depth + 1);
    }
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child, depth)]));
  };
  return walk(document, 0) as JsonObject;
}

function isScalarSchema(document: JsonObject, ref: string): boolean {
  if (!ref.startsWith('#/components/schemas/')) return false;
  const schema = target(document, ref);
  return isObject(schema) && typeof schema.type === 'string' && schema.type !== 'object';
}

function expectObject(value: Json, ref: string): JsonObject {
  if (!isObject(value)) throw new Error(`${ref} points at no object`);
  return value;
}
