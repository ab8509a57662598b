// @silent-point requests.unclear-integer
/**
 * The parameters a recorded request sent, read by the spec's parameter schemas: where each stands
 * (within what the spec allows, outside it, or unclear), and a normalized form to tell two requests
 * for the same search apart from two different ones.
 */
import { operationParameters, type ParamSchema, type SchemaNode } from '../contract';
import type { ApiResponse } from '../check';
import { foldCase, readBoolean, readInteger } from '../oracles';
import { listOf, readWrittenMoment } from './sent-values';
import type { OperationKey } from '../types';

/** Where a sent value stands against the spec: allowed, refused by it, or not clearly either (never judged). */
export type Standing = 'within' | 'outside' | 'unclear';

const schemas = new Map<OperationKey, Record<string, ParamSchema>>();

/** The spec's parameter schemas of an operation. */
export function paramSchemas(op: OperationKey): Record<string, ParamSchema> {
  let found = schemas.get(op);
  if (!found) {
    found = operationParameters(op);
    schemas.set(op, found);
  }
  return found;
}

/** Whether the request sent the parameter at all. */
export const sends = (exchange: ApiResponse, name: string): boolean => exchange.params[name] !== undefined;

/**
 * An integer parameter's value against its bounds: an integer inside them is within; an integer outside
 * them, a fraction or a text that is no number at all ("abc", "1e") is outside; anything else (a padded
 * number, hexadecimal, "") is unclear, since the spec does not say how a target reads it.
 */
export function integerStanding(value: unknown, min?: number, max?: number): Standing {
  const inRange = (n: number): Standing => ((min !== undefined && n < min) || (max !== undefined && n > max) ? 'outside' : 'within');
  if (typeof value === 'number') return Number.isInteger(value) ? inRange(value) : Number.isFinite(value) ? 'outside' : 'unclear';
  if (typeof value !== 'string') return 'unclear';
  if (/^-?(0|[1-9]\d*)$/.test(value)) return inRange(Number(value));
  if (/^-?\d+$/.test(value)) return 'unclear';
  if (/^-?\d+\.\d+$/.test(value)) return 'outside';
  return value.trim() === value && value !== '' && Number.isNaN(Number(value)) ? 'outside' : 'unclear';
}

/** A value against the allowed values of an enum (letter case aside: a target may accept any case). */
export function enumStanding(value: unknown, allowed: readonly unknown[]): Standing {
  if (typeof value !== 'string') return 'unclear';
  return allowed.some((a) => foldCase(a) === foldCase(value)) ? 'within' : 'outside';
}

const worst = (standings: Standing[]): Standing =>
  standings.includes('outside') ? 'outside' : standings.includes('unclear') ? 'unclear' : 'within';

/** Where one sent parameter stands against its schema: enum, integer bounds, type. Unknown parameters are unclear. */
export function paramStanding(op: OperationKey, name: string, value: unknown): Standing {
  const schema = paramSchemas(op)[name];
  if (!schema) return 'unclear';
  return valueStanding(schema, value);
}

function valueStanding(schema: Pick<SchemaNode, 'type' | 'enum' | 'minimum' | 'maximum' | 'items'>, value: unknown): Standing {
  if (schema.enum) return enumStanding(value, schema.enum);
  switch (schema.type) {
    case 'integer':
      return integerStanding(value, schema.minimum, schema.maximum);
    case 'boolean':
      return readBoolean(value) === undefined ? 'unclear' : 'within';
    case 'array': {
      const items = listOf(value);
      if (!items || !schema.items) return 'unclear';
      return worst(items.map((item) => valueStanding(schema.items!, item)));
    }
    case 'string':
      return typeof value === 'string' ? 'within' : 'unclear';
    default:
      return 'unclear';
  }
}

/**
 * A sent value in a normalized form: integers and booleans read, enum values in one letter case, a full
 * datetime as the moment it names (whatever documented form it was written in), list
 * items so too, in the order sent (a target that reads a list's order, wrongly, must not make two
 * requests look like one).
 */
export function normalizedValue(op: OperationKey, name: string, value: unknown): unknown {
  const schema = paramSchemas(op)[name];
  return schema ? normalized(schema, value) : value;
}

function normalized(schema: Pick<SchemaNode, 'type' | 'enum' | 'items' | 'format'>, value: unknown): unknown {
  // A scalar given more than once, each time the same: whichever the target reads, it asks that value.
  if (schema.type !== 'array' && Array.isArray(value) && value.length > 0) {
    const items = value.map((item) => JSON.stringify(normalized(schema, item)));
    return items.every((item) => item === items[0]) ? normalized(schema, value[0]) : value;
  }
  if (schema.enum && typeof value === 'string') return foldCase(value);
  if (schema.format === 'ems-datetime') return readWrittenMoment(value) ?? value;
  if (schema.type === 'integer') return readInteger(value) ?? value;
  if (schema.type === 'boolean') return readBoolean(value) ?? value;
  if (schema.type === 'array' && schema.items) {
    return (listOf(value) ?? []).map((item) => normalized(schema.items!, item));
  }
  return value;
}

/** A parameter as sent (normalized), or its documented default when the request left it out. */
export function effectiveValue(op: OperationKey, exchange: ApiResponse, name: string): unknown {
  const value = exchange.params[name];
  return normalizedValue(op, name, value === undefined ? paramSchemas(op)[name]?.default : value);
}

/**
 * What identifies a search apart from the parameters in `leaveOut` (say page, or rpp, page and the sort):
 * the other parameters sent, normalized, in name order.
 */
export function keyOf(op: OperationKey, params: Record<string, unknown>, leaveOut: readonly string[]): string {
  const entries = Object.entries(params)
    .filter(([name, value]) => value !== undefined && !leaveOut.includes(name))
    .map(([name, value]) => [name, normalizedValue(op, name, value)] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/** keyOf the parameters a request sent. */
export const paramsKey = (op: OperationKey, exchange: ApiResponse, leaveOut: readonly string[]): string => keyOf(op, exchange.params, leaveOut);
