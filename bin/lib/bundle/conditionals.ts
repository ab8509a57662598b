import type { JsonObject } from './json';
import { mapSchemaNodes } from './schema-nodes';

const CONDITIONAL = ['if', 'then', 'else'] as const;

/**
 * JSON Schema's `if`/`then`/`else` (OpenAPI 3.1 only) is kept as `x-if`/`x-then`/`x-else`: generic tools
 * misread it (Prism's example generator builds an object from the `if` and `then` parts alone). The bundle's
 * schema is that much looser; the harness still judges with the conditional (it reads spec/openapi.yaml).
 */
export function conditionalsAsExtensions(document: JsonObject): JsonObject {
  return mapSchemaNodes(document, (node) => {
    if (!CONDITIONAL.some((key) => key in node)) return node;
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [(CONDITIONAL as readonly string[]).includes(key) ? `x-${key}` : key, value]));
  });
}
