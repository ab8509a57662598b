/**
 * A normalised view of an OpenAPI 3.1 document for spec regression: per operation the parameters (query,
 * path, header and top-level request-body fields) and the success-response fields, and per named schema
 * its fields, each reduced to the constraints conformance checks rely on.
 */

/** The constraints of one value; absent keys are unconstrained. */
export interface Constraints {
  type?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  required?: boolean;
  /** Where a parameter travels: query, path, header, body. */
  in?: string;
}

/** Field path (`rpp`, `contacts[].email`, `data.records[]`) -> constraints. */
export type FieldMap = Map<string, Constraints>;

export interface OperationView {
  /** "GET /groups/search" */
  key: string;
  /** x-operation, when the spec names one. */
  name?: string;
  parameters: FieldMap;
  responses: FieldMap;
}

export interface SpecView {
  operations: Map<string, OperationView>;
  /** Named schemas a response may carry (or that nothing references, like envelopes named by a profile). */
  schemas: Map<string, FieldMap>;
}

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const CONSTRAINT_KEYS = ['format', 'enum', 'default', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minItems', 'maxItems', 'minLength', 'maxLength'] as const;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function specView(document: unknown): SpecView {
  const doc = isObject(document) ? document : {};
  const operations = new Map<string, OperationView>();
  for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const name = typeof operation['x-operation'] === 'string' ? operation['x-operation'] : undefined;
      operations.set(key, {
        key,
        ...(name ? { name } : {}),
        parameters: parametersOf(doc, [...asArray(item.parameters), ...asArray(operation.parameters)], operation.requestBody),
        responses: responsesOf(doc, operation.responses),
      });
    }
  }
  const components = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const requestOnly = requestOnlySchemas(doc);
  const schemas = new Map(
    Object.entries(components)
      .filter(([name]) => !requestOnly.has(name))
      .map(([name, schema]) => [name, flatten(doc, schema, '', false)] as const),
  );
  return { operations, schemas };
}

/** Named schemas only request inputs use: the operations' parameter views already cover them, references followed. */
function requestOnlySchemas(doc: Json): Set<string> {
  const inRequests = new Set<string>();
  const inResponses = new Set<string>();
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    collectSchemaRefs(doc, item.parameters, inRequests);
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      collectSchemaRefs(doc, [operation.parameters, operation.requestBody], inRequests);
      collectSchemaRefs(doc, operation.responses, inResponses);
    }
  }
  return new Set([...inRequests].filter((name) => !inResponses.has(name)));
}

/** Names of the component schemas a value references, directly or through other references. */
function collectSchemaRefs(doc: Json, value: unknown, names: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((v) => collectSchemaRefs(doc, v, names));
  if (!isObject(value)) return;
  if (typeof value.$ref === 'string' && value.$ref.startsWith('#/')) {
    const name = /^#\/components\/schemas\/([^/]+)/.exec(value.$ref)?.[1];
    if (name !== undefined && names.has(name)) return;
    if (name !== undefined) names.add(name);
    collectSchemaRefs(doc, resolve(doc, { $ref: value.$ref }), names);
  }
  for (const [key, child] of Object.entries(value)) if (key !== '$ref') collectSchemaRefs(doc, child, names);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Follows local `#/...` references; an unresolvable one is kept as it is. */
function resolve(doc: Json, value: unknown, seen = new Set<string>()): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/') || seen.has(value.$ref)) return value;
  seen.add(value.$ref);
  let target: unknown = doc;
  for (const part of value.$ref.slice(2).split('/')) {
    target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return target === undefined ? value : resolve(doc, target, seen);
}

function parametersOf(doc: Json, parameters: unknown[], requestBody: unknown): FieldMap {
  const fields: FieldMap = new Map();
  for (const raw of parameters) {
    const parameter = resolve(doc, raw);
    if (!isObject(parameter) || typeof parameter.name !== 'string') continue;
    const where = typeof parameter.in === 'string' ? parameter.in : 'query';
    for (const [path, constraints] of flatten(doc, parameter.schema, parameter.name, true)) {
      fields.set(path, path === parameter.name ? { ...constraints, in: where, required: parameter.required === true } : constraints);
    }
  }
  const body = resolve(doc, requestBody);
  const schema = isObject(body) ? resolve(doc, firstContentSchema(body.content)) : undefined;
  if (isObject(schema)) {
    const required = new Set(asArray(schema.required));
    for (const [name, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
      for (const [path, constraints] of flatten(doc, property, name, true)) {
        fields.set(path, path === name ? { ...constraints, in: 'body', required: required.has(name) } : constraints);
      }
    }
  }
  return fields;
}

function responsesOf(doc: Json, responses: unknown): FieldMap {
  const fields: FieldMap = new Map();
  for (const [status, raw] of Object.entries(isObject(responses) ? responses : {})) {
    if (!/^2/.test(status)) continue;
    const response = resolve(doc, raw);
    if (!isObject(response)) continue;
    for (const [path, constraints] of flatten(doc, firstContentSchema(response.content), '', false)) {
      fields.set(`${status}${path ? ` ${path}` : ''}`, constraints);
    }
  }
  return fields;
}

function firstContentSchema(content: unknown): unknown {
  if (!isObject(content)) return undefined;
  const media = content['application/json'] ?? Object.values(content)[0];
  return isObject(media) ? media.schema : undefined;
}

/**
 * Fields of a schema by path. With `follow`, references are resolved (request side: what a client may send);
 * without, a reference to a named schema stays a leaf typed `$ref:Name`, since named schemas are compared on their own.
 */
function flatten(doc: Json, raw: unknown, path: string, follow: boolean, seen = new Set<string>()): FieldMap {
  const fields: FieldMap = new Map();
  if (isObject(raw) && typeof raw.$ref === 'string') {
    if (!follow || seen.has(raw.$ref)) {
      fields.set(path, { type: `$ref:${raw.$ref.split('/').pop()}` });
      return fields;
    }
    return flatten(doc, resolve(doc, raw), path, follow, new Set([...seen, raw.$ref]));
  }
  if (!isObject(raw)) return fields;
  fields.set(path, constraintsOf(raw));
  const required = new Set(asArray(raw.required));
  for (const [name, property] of Object.entries(isObject(raw.properties) ? raw.properties : {})) {
    for (const [childPath, constraints] of flatten(doc, property, path ? `${path}.${name}` : name, follow, seen)) {
      fields.set(childPath, childPath === (path ? `${path}.${name}` : name) ? { ...constraints, required: required.has(name) } : constraints);
    }
  }
  if (raw.items !== undefined) {
    for (const [childPath, constraints] of flatten(doc, raw.items, `${path}[]`, follow, seen)) fields.set(childPath, constraints);
  }
  // Fields a composed schema's branches declare (the envelope's allOf/oneOf) sit at the same level.
  for (const branch of [...asArray(raw.allOf), ...asArray(raw.oneOf), ...asArray(raw.anyOf)]) {
    for (const [childPath, constraints] of flatten(doc, branch, path, follow, seen)) {
      if (childPath !== path && !fields.has(childPath)) fields.set(childPath, constraints);
    }
  }
  return fields;
}

function constraintsOf(schema: Json): Constraints {
  const constraints: Constraints = {};
  const type = typeOf(schema);
  if (type) constraints.type = type;
  for (const key of CONSTRAINT_KEYS) {
    if (schema[key] !== undefined) (constraints as Record<string, unknown>)[key] = schema[key];
  }
  return constraints;
}

/** `integer`, `string|null` (3.1 type lists), the alternatives of anyOf/oneOf (`|`) or the parts of allOf (`&`). */
function typeOf(schema: Json): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return [...schema.type].map(String).sort().join('|');
  const alternatives = asArray(schema.anyOf ?? schema.oneOf);
  if (alternatives.length) return alternatives.map(branchType).sort().join('|');
  const parts = asArray(schema.allOf);
  if (parts.length) return parts.map(branchType).sort().join('&');
  return schema.const !== undefined ? `const ${JSON.stringify(schema.const)}` : undefined;
}

function branchType(branch: unknown): string {
  if (!isObject(branch)) return 'any';
  if (typeof branch.$ref === 'string') return `$ref:${branch.$ref.split('/').pop()}`;
  return typeOf(branch) ?? (isObject(branch.properties) ? 'object' : 'any');
}
