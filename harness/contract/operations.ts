import type { OpenAPIV3_1 } from 'openapi-types';
import type { HttpMethod, OperationKey } from '../types';
import { componentSchema, resolveSchema, type SchemaNode } from './schema-resolution';
import { loadSpec, type ContractDocument, type OperationExtensions, type PayloadPart } from './spec';

const operationKeys: Record<OperationKey, true> = {
  'helper.ping': true,
  'groups.search': true,
  'emails.search': true,
  'contacts.import': true,
  'exports.emails': true,
  'exports.jobStatus': true,
  'exports.getFile': true,
  'login.applicationAccessToken': true,
};

/** Every operation key of harness/types.ts, at run time. */
export const OPERATION_KEYS = Object.keys(operationKeys) as OperationKey[];

export function isOperationKey(value: string): value is OperationKey {
  return Object.hasOwn(operationKeys, value);
}

export interface OperationInfo {
  key: OperationKey;
  /** Path relative to the server, e.g. "/groups/search". */
  path: string;
  /** Server URL template: "{base_url}", or "{auth_url}" for the retired token endpoint. */
  server: string;
  methods: HttpMethod[];
  operationIds: string[];
  /** Name of the components/schemas entry holding the parameters (absent: no parameters). */
  params?: string;
  /** The params component's own x- extensions, e.g. `x-max-window-months` of emails/search. */
  paramsExtensions: Record<string, unknown>;
  /** Payload part -> components/schemas name (x-payload). */
  payload: Partial<Record<PayloadPart, string>>;
  /** What interface.md leaves "not shown" about the operation (x-not-shown). */
  notShown: string[];
  /** Permission interface.md names for the operation (x-permission). */
  permission?: string;
  deprecated: boolean;
  /** Date from which the operation is unavailable (x-retired). */
  retired?: string;
}

/**
 * A parameter's schema with every $ref resolved: type, format, enum, default, bounds, items and the
 * x- extensions (e.g. `x-default` for defaults given in words). `required` tells whether the
 * operation requires the parameter.
 */
export interface ParamSchema extends Omit<SchemaNode, 'required' | '$ref'> {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  required: boolean;
}

const METHODS: HttpMethod[] = ['GET', 'POST'];

type Operation = OpenAPIV3_1.OperationObject<OperationExtensions>;

function operationsOf(spec: ContractDocument, key: OperationKey) {
  const found: { path: string; method: HttpMethod; operation: Operation; server: string }[] = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method.toLowerCase() as 'get' | 'post'];
      if (operation?.['x-operation'] !== key) continue;
      const server = (operation.servers ?? item?.servers ?? spec.servers ?? [])[0]?.url ?? '';
      found.push({ path, method, operation, server });
    }
  }
  return found;
}

/**
 * Per spec document, what operationInfo and operationParameters derived (they are read for every record a judge
 * looks at: derived once, shared; callers only read them).
 */
const derived = new WeakMap<ContractDocument, Map<string, unknown>>();

function derivedOnce<T>(spec: ContractDocument, key: string, derive: () => T): T {
  let cache = derived.get(spec);
  if (!cache) derived.set(spec, (cache = new Map()));
  if (!cache.has(key)) cache.set(key, derive());
  return cache.get(key) as T;
}

export function operationInfo(key: OperationKey, spec: ContractDocument = loadSpec()): OperationInfo {
  return derivedOnce(spec, `info ${key}`, () => deriveOperationInfo(key, spec));
}

function deriveOperationInfo(key: OperationKey, spec: ContractDocument): OperationInfo {
  const found = operationsOf(spec, key);
  const first = found[0];
  if (!first) throw new Error(`spec has no operation with x-operation ${key}`);
  const { operation } = first;
  const params = operation['x-params'];
  const paramsExtensions = params
    ? Object.fromEntries(Object.entries(componentSchema(spec, params)).filter(([k]) => k.startsWith('x-')))
    : {};
  return {
    key,
    path: first.path,
    server: first.server,
    methods: found.map((f) => f.method),
    operationIds: found.map((f) => f.operation.operationId ?? ''),
    ...(params && { params }),
    paramsExtensions,
    payload: operation['x-payload'],
    notShown: [...new Set(found.flatMap((f) => f.operation['x-not-shown'] ?? []))],
    ...(operation['x-permission'] && { permission: operation['x-permission'] }),
    deprecated: operation.deprecated === true,
    ...(operation['x-retired'] && { retired: operation['x-retired'] }),
  };
}

/** Each parameter of the operation (from its *Params component), fully resolved. */
export function operationParameters(key: OperationKey, spec: ContractDocument = loadSpec()): Record<string, ParamSchema> {
  return derivedOnce(spec, `parameters ${key}`, () => deriveOperationParameters(key, spec));
}

function deriveOperationParameters(key: OperationKey, spec: ContractDocument): Record<string, ParamSchema> {
  const { params } = operationInfo(key, spec);
  if (!params) return {};
  const component = resolveSchema(spec, componentSchema(spec, params));
  const required = new Set(component.required ?? []);
  return Object.fromEntries(
    Object.entries(component.properties ?? {}).map(([name, schema]) => {
      const { required: _objectRequired, ...facts } = schema;
      return [name, { ...facts, required: required.has(name) } as ParamSchema];
    }),
  );
}
