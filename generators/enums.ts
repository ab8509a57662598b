import fc from 'fast-check';
import type { OperationKey } from '../harness/types';
import { allowedValues } from './spec-params';

/** One of the values the spec allows for the parameter. */
export const allowedValue = (op: OperationKey, name: string): fc.Arbitrary<string> =>
  fc.constantFrom(...allowedValues(op, name));

/**
 * Values outside the parameter's enum: near misses of allowed values and unrelated words.
 * Compared case-insensitively, since a target may accept any letter case of an allowed value.
 */
export const unknownValue = (op: OperationKey, name: string): fc.Arbitrary<string> => {
  const allowed = allowedValues(op, name);
  const known = new Set(allowed.map((v) => v.toLowerCase()));
  const nearMiss = fc.tuple(fc.constantFrom(...allowed), fc.constantFrom('x', '_', 'zz')).map(([v, s]) => v + s);
  const word = fc.stringMatching(/^[a-z]{3,10}$/);
  return fc.oneof(nearMiss, word).filter((v) => !known.has(v.toLowerCase()));
};

/** Names of a search's enum parameters, paired with an unknown value for one of them. */
export const oneUnknownEnum = (op: OperationKey, names: readonly string[]): fc.Arbitrary<{ name: string; value: string }> =>
  fc.constantFrom(...names).chain((name) => unknownValue(op, name).map((value) => ({ name, value })));
