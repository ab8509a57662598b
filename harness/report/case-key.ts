/**
 * The stable key of a failing case, for baselines: the failing request's method and the parameters that bear on
 * the rule (those whose x-rules name it, else all), each named with the class of its value against the spec's bounds, enums and defaults (`GET rpp:above-max`), and
 * the validation pointer of a schema failure with its indexes as `*`. Built from structured arguments only, never
 * from message text, generated values, IDs or times: two runs with other seeds that fail a rule the same way give
 * the same key; a copy edit of a message changes nothing. Pure: the caller hands in the operations and their
 * parameters (from spec/openapi.yaml).
 */
import type { Evidence, FailingCase } from '../types';

/** What the key needs of a parameter's schema (harness/contract's ParamSchema is one). */
export interface ParamFacts {
  type?: string;
  format?: string;
  enum?: readonly unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: ParamFacts;
  required?: boolean;
  'x-rules'?: readonly string[];
}

/** An operation as the key reads a request's URL: its key, its path under the base URL, and its parameters. */
export interface OperationFacts {
  key: string;
  path: string;
  parameters: Record<string, ParamFacts>;
}

/** The key when no evidence of the failure carries a request or a pointer. */
export const NO_REQUEST = '(no request)';

/**
 * The failing case a failing verdict's evidence shows: its first evidence with a request (the pointer of the
 * first with one), for `rule`. The operation is the one the request's path names, else the rule's first.
 */
export function failingCaseOf(rule: { id: string; operations: readonly string[] }, evidence: readonly Evidence[], operations: readonly OperationFacts[]): FailingCase {
  const withRequest = evidence.find((item) => item.request);
  const pointer = withRequest?.pointer ?? evidence.find((item) => item.pointer)?.pointer;
  const request = withRequest?.request;
  const operation = request ? operationOfUrl(request.url, operations) : undefined;
  const parts: string[] = [];
  if (request) {
    parts.push(request.method.toUpperCase());
    if (operation) parts.push(...parameterClasses(rule.id, readParameters(request.url, request.body), operation.parameters));
    else parts.push(`path:${pathClass(request.url)}`);
  }
  if (pointer !== undefined) parts.push(`at:${pointerClass(pointer)}`);
  return { operation: operation?.key ?? rule.operations[0] ?? '(none)', key: parts.length ? parts.join(' ') : NO_REQUEST };
}

/** The operation whose path ends the URL's path (the base URL's own path before it is the target's). */
export function operationOfUrl(url: string, operations: readonly OperationFacts[]): OperationFacts | undefined {
  const path = pathOf(url).replace(/\/+$/, '');
  return [...operations].sort((a, b) => b.path.length - a.path.length).find((operation) => path.endsWith(operation.path.replace(/\/+$/, '')));
}

/**
 * Each parameter sent, `name:class`, and each the rule's spec names (x-rules) but the request left out,
 * `name:omitted`; sorted. Where the spec names parameters for the rule, only they (and undocumented ones) make the
 * key: the others a check sends beside them are drawn by the seed and say nothing of the case.
 */
export function parameterClasses(ruleId: string, sent: ReadonlyMap<string, unknown[]>, parameters: Record<string, ParamFacts>): string[] {
  const parts: string[] = [];
  const naming = Object.values(parameters).some((facts) => facts['x-rules']?.includes(ruleId));
  for (const [name, values] of sent) {
    const facts = parameters[name];
    if (facts && naming && !facts['x-rules']?.includes(ruleId)) continue;
    parts.push(`${name}:${facts ? valuesClass(values, facts) : 'undocumented'}`);
  }
  for (const [name, facts] of Object.entries(parameters)) {
    if (sent.has(name)) continue;
    if (facts.required || facts['x-rules']?.includes(ruleId)) parts.push(`${name}:omitted`);
  }
  return parts.sort();
}

/** The parameters of a request: its query (a repeated key gives several values) and the members of a JSON object body. */
export function readParameters(url: string, body: unknown): Map<string, unknown[]> {
  const sent = new Map<string, unknown[]>();
  const add = (name: string, value: unknown) => sent.set(name, [...(sent.get(name) ?? []), value]);
  const query = url.indexOf('?');
  if (query >= 0) {
    for (const [name, value] of new URLSearchParams(url.slice(query + 1).split('#')[0])) add(name, value);
  }
  const object = typeof body === 'string' ? parsedJson(body) : body;
  if (object && typeof object === 'object' && !Array.isArray(object)) {
    for (const [name, value] of Object.entries(object)) add(name, value);
  } else if (body !== undefined && body !== null && body !== '') {
    add('(body)', object ?? body);
  }
  return sent;
}

/** The class of the value(s) a parameter was given: one value, or the list an array parameter takes. */
function valuesClass(values: unknown[], facts: ParamFacts): string {
  if (facts.type === 'array') {
    const items = values.flatMap((value) => (Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : value === '' ? [] : [value]));
    if (items.length === 0) return 'empty-list';
    if (facts.default !== undefined && sameValue(items, facts.default)) return 'default';
    const classes = [...new Set(items.map((item) => valueClass(item, facts.items ?? {})))].sort();
    return `list(${classes.join(',')})`;
  }
  if (values.length > 1) return 'repeated';
  return valueClass(values[0], facts);
}

/** The class of one value against its schema: `below-min`, `min`, `in-range`, `max`, `above-max`, `default`, `enum`, `unknown-enum`, ... */
export function valueClass(value: unknown, facts: ParamFacts): string {
  if (value === null) return 'null';
  if (value === '') return 'empty';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'object';
  switch (facts.type) {
    case 'integer':
    case 'number':
      return numberClass(value, facts);
    case 'boolean':
      return ['true', 'false', '0', '1'].includes(String(value).toLowerCase()) ? 'boolean' : 'not-boolean';
    default:
      return stringClass(String(value), facts);
  }
}

function numberClass(value: unknown, facts: ParamFacts): string {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return 'not-a-number';
  if (facts.type === 'integer' && !Number.isInteger(number)) return 'not-integer';
  if (facts.minimum !== undefined && number < facts.minimum) return 'below-min';
  if (facts.exclusiveMinimum !== undefined && number <= facts.exclusiveMinimum) return 'below-min';
  if (facts.maximum !== undefined && number > facts.maximum) return 'above-max';
  if (facts.exclusiveMaximum !== undefined && number >= facts.exclusiveMaximum) return 'above-max';
  if (facts.minimum !== undefined && number === facts.minimum) return 'min';
  if (facts.maximum !== undefined && number === facts.maximum) return 'max';
  if (facts.default !== undefined && number === Number(facts.default)) return 'default';
  return 'in-range';
}

function stringClass(text: string, facts: ParamFacts): string {
  if (facts.enum) {
    const members = facts.enum.map(String);
    if (facts.default !== undefined && text === String(facts.default)) return 'default';
    if (members.includes(text)) return 'enum';
    if (members.some((member) => member.toLowerCase() === text.toLowerCase())) return 'enum-other-case';
    return 'unknown-enum';
  }
  if (facts.default !== undefined && text === String(facts.default)) return 'default';
  if (facts.format && /date/i.test(facts.format)) return /^\d{4}-\d{2}-\d{2}\b/.test(text) ? 'date' : 'not-a-date';
  if (facts.format === 'email') return /^[^@\s]+@[^@\s]+$/.test(text) ? 'email' : 'not-an-email';
  if (facts.maxLength !== undefined && [...text].length > facts.maxLength) return 'above-max-length';
  if (facts.minLength !== undefined && [...text].length < facts.minLength) return 'below-min-length';
  if (text.includes('*')) return 'wildcard';
  return 'text';
}

/** A JSON pointer with its array indexes (and numeric map keys) as `*`. */
export function pointerClass(pointer: string): string {
  return pointer.split('/').map((part) => (/^\d+$/.test(part) ? '*' : part)).join('/');
}

/** A path the spec does not hold, with its numeric segments as `*`. */
function pathClass(url: string): string {
  return pathOf(url).split('/').map((part) => (/^\d+$/.test(part) ? '*' : part)).join('/');
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://host.invalid').pathname;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
