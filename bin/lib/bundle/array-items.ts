import type { JsonObject } from './json';
import { mapSchemaNodes, typesOf } from './schema-nodes';

/**
 * Every array schema gets `items`. Where the source leaves the element shape unspecified (x-unspecified,
 * e.g. ImportRowResult.errors), the bundle says so in the form tools read: `items: {}`, any element.
 */
export function giveArraysItems(document: JsonObject): JsonObject {
  return mapSchemaNodes(document, (node) => (typesOf(node).includes('array') && node.items === undefined ? { ...node, items: {} } : node));
}
