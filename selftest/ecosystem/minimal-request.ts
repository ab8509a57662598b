import { valueAt } from '../../harness/contract';
import { isObject, type Json, type JsonObject } from '../../bin/lib/bundle';

/**
 * The smallest value a schema of the bundle accepts: required properties only, the fewest items, the first enum
 * value, the default, the schema's first example. Enough for one valid request per operation.
 */
export function minimalValue(bundle: JsonObject, schema: Json): Json {
  if (!isObject(schema)) return null;
  if (typeof schema.$ref === 'string') return minimalValue(bundle, valueAt(bundle, schema.$ref.slice(1)) as Json);
  if (Array.isArray(schema.enum)) return schema.enum[0]!;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]!;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
      return Object.fromEntries(required.map((name) => [name, minimalValue(bundle, properties[name] ?? {})]));
    }
    case 'array':
      return Array.from({ length: typeof schema.minItems === 'number' ? schema.minItems : 0 }, () => minimalValue(bundle, schema.items ?? {}));
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'string':
      return schema.format === 'email' ? 'someone@example.com' : schema.format === 'date' ? '2025-01-01' : 'x';
    default:
      return null;
  }
}

export interface MinimalRequest {
  label: string;
  method: string;
  /** Path and query string. */
  url: string;
  body?: string;
}

/** One request per operation of the bundle, with its required parameters and body. */
export function minimalRequests(bundle: JsonObject): MinimalRequest[] {
  return Object.entries(bundle.paths as JsonObject).flatMap(([path, item]) =>
    Object.entries(item as JsonObject)
      .filter(([, operation]) => isObject(operation) && 'responses' in operation)
      .map(([method, operation]) => {
        const op = operation as JsonObject;
        const query = new URLSearchParams();
        for (const parameter of (op.parameters ?? []) as JsonObject[]) {
          if (parameter.in === 'query' && parameter.required === true) query.set(String(parameter.name), String(minimalValue(bundle, parameter.schema!)));
        }
        const body = isObject(op.requestBody) ? (op.requestBody.content as JsonObject)['application/json'] : undefined;
        return {
          label: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          url: query.size > 0 ? `${path}?${query}` : path,
          ...(isObject(body) ? { body: JSON.stringify(minimalValue(bundle, body.schema!)) } : {}),
        };
      }),
  );
}
