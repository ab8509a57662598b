import { parsePointer, valueAt } from './json-pointer';
import type { ContractDocument } from './spec';

/** A JSON Schema object as spec/openapi.yaml writes them (extensions included). */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  required?: string[];
  description?: string;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  [extension: `x-${string}`]: unknown;
}

export function componentSchema(spec: ContractDocument, name: string): SchemaNode {
  const schema = spec.components?.schemas?.[name];
  if (!schema) throw new Error(`spec has no components/schemas/${name}`);
  return schema as SchemaNode;
}

/** Follow a schema's $ref chain; keywords next to a $ref win over the target's. */
export function followRef(spec: ContractDocument, schema: SchemaNode): SchemaNode {
  if (!schema.$ref) return schema;
  if (!schema.$ref.startsWith('#')) throw new Error(`only local $refs are supported: ${schema.$ref}`);
  const target = valueAt(spec, schema.$ref.slice(1)) as SchemaNode | undefined;
  if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
  const { $ref: _followed, ...siblings } = schema;
  return { ...followRef(spec, target), ...siblings };
}

/** The schema with every $ref resolved, all the way down. */
export function resolveSchema(spec: ContractDocument, schema: SchemaNode): SchemaNode {
  const resolved = followRef(spec, schema);
  const { items, properties, additionalProperties } = resolved;
  return {
    ...resolved,
    ...(items && { items: resolveSchema(spec, items) }),
    ...(properties && {
      properties: Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, resolveSchema(spec, s)])),
    }),
    ...(typeof additionalProperties === 'object' && { additionalProperties: resolveSchema(spec, additionalProperties) }),
  };
}

/**
 * Whether the property an instance path ends on may be absent: the object schema holding it does
 * not list it in `required`. Unknown locations count as required (nothing is tolerated there).
 */
export function isOptionalProperty(spec: ContractDocument, root: SchemaNode, instancePath: string): boolean {
  const segments = parsePointer(instancePath);
  const property = segments.pop();
  if (property === undefined) return false;
  let schema = followRef(spec, root);
  for (const segment of segments) {
    const next: SchemaNode | boolean | undefined = /^\d+$/.test(segment) && schema.items
      ? schema.items
      : schema.properties?.[segment] ?? schema.additionalProperties;
    if (typeof next !== 'object') return false;
    schema = followRef(spec, next);
  }
  return schema.properties?.[property] !== undefined && !(schema.required ?? []).includes(property);
}
