/**
 * The input-space model: for each operation, the classes of each documented parameter, read from
 * spec/openapi.yaml (omitted, each enum value, a value outside the enum, a bound, inside the bounds, outside
 * them, one or several items, ...), and which class a value sent falls in. Valid classes pair up two by two
 * (2-way combinations of two parameters of one request); a class outside the documented values (`invalid`)
 * is counted alone, since the request is refused whatever else it carries. The coverage report
 * (harness/report/input-coverage.ts) counts what a run's exchanges exercised against this.
 */
import { OPERATION_KEYS, operationParameters, type ParamSchema } from '../harness/contract';
import type { OperationKey } from '../harness/types';

export interface InputClass {
  /** `<parameter>=<class>`, e.g. `rpp=max`, `deliveryType=automated`, `groupIDs=several`. */
  id: string;
  parameter: string;
  /** A class outside the documented values or bounds: counted alone, never paired. */
  invalid: boolean;
}

export interface OperationInputSpace {
  op: OperationKey;
  classes: InputClass[];
  /** Classes the harness never sends, with why (the documents leave the answer open: spec/silent-points.yaml). */
  notSent: Record<string, string>;
  /** The valid pairs (two parameters' classes in one request), as `a & b` with a < b. */
  pairs: string[];
}

/** Pairs the documents make meaningless: a parameter that applies only with another's value (interface.md). */
const ONLY_WITH: Partial<Record<OperationKey, Record<string, { parameter: string; value: string }>>> = {
  'emails.search': {
    transactionalCategory: { parameter: 'deliveryType', value: 'transactional' },
    automatedResults: { parameter: 'deliveryType', value: 'automated' },
    status: { parameter: 'deliveryType', value: 'manual' },
  },
};

/** Classes the harness never sends: what the target answers there is a silent point's reading, not a rule's. */
const NOT_SENT: Partial<Record<OperationKey, Record<string, string>>> = {
  'exports.emails': {
    'startDate=omitted': 'silent point exports.dates-required: the harness always sends both dates',
    'endDate=omitted': 'silent point exports.dates-required: the harness always sends both dates',
  },
};

/** Classes of the records of contacts/import's `contacts` (interface.md names email, customFields and contactID). */
const CONTACT_FIELD_CLASSES = ['contacts.customFields=given', 'contacts.customFields=omitted'];

const isDate = (schema: ParamSchema) => schema.format === 'date' || schema.format === 'date-time' || String(schema.format ?? '').startsWith('ems-');

/** The classes of one parameter, from its schema. */
function classesOf(name: string, schema: ParamSchema): Array<{ name: string; invalid: boolean }> {
  const valid = (...names: string[]) => names.map((n) => ({ name: n, invalid: false }));
  const invalid = (...names: string[]) => names.map((n) => ({ name: n, invalid: true }));
  const omitted = schema.required ? [] : valid('omitted');
  if (schema.enum) return [...omitted, ...valid(...schema.enum.map(String)), ...invalid('unknown')];
  if (schema.type === 'array' && schema.items?.enum) return [...omitted, ...valid(...schema.items.enum.map(String)), ...invalid('unknown')];
  if (schema.type === 'array' && schema.items?.type === 'object') {
    const upper = schema.maxItems;
    return [...omitted, ...valid('one', 'several', ...(upper ? ['max'] : [])), ...invalid('empty', ...(upper ? ['above-max'] : []))];
  }
  if (schema.type === 'array') return [...omitted, ...valid('one', 'several')];
  if (schema.type === 'boolean') return [...omitted, ...valid('0', '1')];
  if (schema.type === 'integer') {
    const bounded = schema.minimum !== undefined;
    if (!bounded) return [...omitted, ...valid('given')];
    return [...omitted, ...valid('min', 'inside', ...(schema.maximum !== undefined ? ['max'] : [])), ...invalid('below-min', ...(schema.maximum !== undefined ? ['above-max'] : []), 'not-integer')];
  }
  if (schema.type === 'string' && isDate(schema)) return [...omitted, ...valid('given')];
  if (name === 'title' || name === 'subject') return [...omitted, ...valid('plain', 'wildcard')];
  return [...omitted, ...valid('given')];
}

const cache = new Map<OperationKey, OperationInputSpace>();

/** The input space of an operation: its parameters' classes and their valid pairs. */
export function inputSpace(op: OperationKey): OperationInputSpace {
  const cached = cache.get(op);
  if (cached) return cached;
  const classes: InputClass[] = [];
  const notSent = NOT_SENT[op] ?? {};
  for (const [name, schema] of Object.entries(operationParameters(op))) {
    for (const { name: kind, invalid } of classesOf(name, schema)) {
      const id = `${name}=${kind}`;
      if (!notSent[id]) classes.push({ id, parameter: name, invalid });
    }
  }
  if (op === 'contacts.import') for (const id of CONTACT_FIELD_CLASSES) classes.push({ id, parameter: 'contacts.customFields', invalid: false });
  const pairs: string[] = [];
  const valid = classes.filter((c) => !c.invalid && !c.id.endsWith('=omitted'));
  for (let i = 0; i < valid.length; i += 1) {
    for (let j = i + 1; j < valid.length; j += 1) {
      const a = valid[i]!;
      const b = valid[j]!;
      if (a.parameter === b.parameter || !pairAllowed(op, a, b)) continue;
      pairs.push(pairId(a.id, b.id));
    }
  }
  const space = { op, classes, notSent, pairs };
  cache.set(op, space);
  return space;
}

export const pairId = (a: string, b: string): string => (a < b ? `${a} & ${b}` : `${b} & ${a}`);

function pairAllowed(op: OperationKey, a: InputClass, b: InputClass): boolean {
  const rules = ONLY_WITH[op] ?? {};
  for (const [x, y] of [[a, b], [b, a]] as const) {
    const only = rules[x.parameter];
    if (only && y.parameter === only.parameter && y.id !== `${only.parameter}=${only.value}`) return false;
  }
  return true;
}

/** Every operation's input space, in the spec's order of operations. */
export const inputSpaces = (): OperationInputSpace[] => OPERATION_KEYS.map(inputSpace).filter((space) => space.classes.length > 0);

const isInteger = (value: unknown): value is number | string => (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value.trim()));

/** The class of one value sent for a parameter (undefined: the operation has no such parameter). */
export function classOf(op: OperationKey, name: string, value: unknown): string | undefined {
  const schema = operationParameters(op)[name];
  if (!schema) return undefined;
  if (value === undefined) return `${name}=omitted`;
  const list = Array.isArray(value) ? value : typeof value === 'string' && schema.type === 'array' ? value.split(',') : [value];
  if (schema.enum) {
    const found = schema.enum.map(String).find((allowed) => allowed.toLowerCase() === String(value).toLowerCase());
    return `${name}=${found ?? 'unknown'}`;
  }
  if (schema.type === 'array' && schema.items?.enum) {
    // A list of enum values exercises each value it holds (classesOfValue); the first stands for the list here.
    return classesOfValue(op, name, value)[0];
  }
  if (schema.type === 'array' && schema.items?.type === 'object') {
    if (!Array.isArray(value) || value.length === 0) return `${name}=empty`;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return `${name}=above-max`;
    if (schema.maxItems !== undefined && value.length === schema.maxItems) return `${name}=max`;
    return `${name}=${value.length === 1 ? 'one' : 'several'}`;
  }
  if (schema.type === 'array') return `${name}=${list.length <= 1 ? 'one' : 'several'}`;
  if (schema.type === 'boolean') return `${name}=${value === true || String(value) === '1' || String(value).toLowerCase() === 'true' ? '1' : '0'}`;
  if (schema.type === 'integer' && schema.minimum !== undefined) {
    if (!isInteger(value)) return `${name}=not-integer`;
    const n = Number(value);
    if (n < schema.minimum) return `${name}=below-min`;
    if (schema.maximum !== undefined && n > schema.maximum) return `${name}=above-max`;
    if (n === schema.minimum) return `${name}=min`;
    if (n === schema.maximum) return `${name}=max`;
    return `${name}=inside`;
  }
  if (name === 'title' || name === 'subject') return `${name}=${String(value).includes('*') ? 'wildcard' : 'plain'}`;
  return `${name}=given`;
}

/** The classes one value sent exercises: one, but for a list of enum values, each value it holds. */
function classesOfValue(op: OperationKey, name: string, value: unknown): string[] {
  const schema = operationParameters(op)[name];
  if (!schema?.items?.enum || value === undefined) return [classOf(op, name, value)!];
  const items = Array.isArray(value) ? value : String(value).split(',');
  const allowed = schema.items.enum.map(String);
  const found = items.map((item) => allowed.find((candidate) => candidate.toLowerCase() === String(item).trim().toLowerCase()) ?? 'unknown');
  return [...new Set(found.length > 0 ? found : ['unknown'])].map((kind) => `${name}=${kind}`);
}

/** The classes of a request: those of each documented parameter (omitted ones included). */
export function requestClasses(op: OperationKey, params: Record<string, unknown>): string[] {
  const classes = Object.keys(operationParameters(op)).flatMap((name) => classesOfValue(op, name, params[name]));
  if (op === 'contacts.import' && Array.isArray(params.contacts) && params.contacts.length > 0) {
    const first = params.contacts[0] as Record<string, unknown> | undefined;
    classes.push(first && typeof first === 'object' && 'customFields' in first ? CONTACT_FIELD_CLASSES[0]! : CONTACT_FIELD_CLASSES[1]!);
  }
  return classes;
}
