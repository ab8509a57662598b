// @silent-point search.absent-in-sort
import type { Profile } from '../types';
import { parseTargetDatetime } from './time';

/** How a field's values compare, as its documented type says. */
export type ValueKind = 'number' | 'datetime' | 'string';

export type Direction = 'asc' | 'desc';

export interface OrderJudgement {
  ok: boolean;
  /** Adjacent pairs with different values: 0 means the data cannot judge the order. */
  comparablePairs: number;
  /** The first adjacent pair out of order (positions in the compared list). */
  violation?: { index: number; before: unknown; after: unknown };
}

type Comparator = (a: unknown, b: unknown) => number;

const byNumber: Comparator = (a, b) => Number(a) - Number(b);
const byTime: Comparator = (a, b) => (a as Date).getTime() - (b as Date).getTime();
/** Locale-aware base-letter comparison (String#localeCompare with these options, one collator for every call). */
const BASE_LETTERS = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * interface.md names no collation, so a string order is accepted when it holds under any of the
 * usual ones: code units, case-insensitive code units, or locale-aware base-letter comparison.
 * Keyed by the readings of the silent point that names them.
 */
export const TEXT_COLLATIONS: Readonly<Record<'code-unit' | 'case-insensitive' | 'locale', (a: unknown, b: unknown) => number>> = {
  'code-unit': (a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0),
  'case-insensitive': (a, b) => {
    const x = String(a).toLowerCase();
    const y = String(b).toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  },
  locale: (a, b) => BASE_LETTERS.compare(String(a), String(b)),
};
/** @silent-point search.text-collation */
const stringCollations: Comparator[] = Object.values(TEXT_COLLATIONS);

function comparatorsFor(kind: ValueKind): Comparator[] {
  if (kind === 'number') return [byNumber];
  if (kind === 'datetime') return [byTime];
  return stringCollations;
}

/** Values of a field, read by kind; records without a value are left out (interface.md does not place them). */
export function comparableValues(values: readonly unknown[], kind: ValueKind, format: Profile['datetime']['format']): unknown[] {
  if (kind === 'datetime') return values.map((v) => parseTargetDatetime(v, format)).filter((d) => d !== undefined);
  if (kind === 'number') return values.filter((v) => typeof v === 'number' || (typeof v === 'string' && v !== '' && !Number.isNaN(Number(v))));
  return values.filter((v) => typeof v === 'string');
}

function firstViolation(values: readonly unknown[], compare: Comparator, direction: Direction): number {
  const sign = direction === 'asc' ? 1 : -1;
  for (let i = 1; i < values.length; i++) if (sign * compare(values[i - 1], values[i]) > 0) return i;
  return -1;
}

/** Judges whether values (already read by comparableValues) are in the given direction. */
export function judgeOrder(values: readonly unknown[], kind: ValueKind, direction: Direction): OrderJudgement {
  const comparators = comparatorsFor(kind);
  const primary = comparators[0]!;
  let comparablePairs = 0;
  for (let i = 1; i < values.length; i++) if (primary(values[i - 1], values[i]) !== 0) comparablePairs++;
  let violationAt = -1;
  for (const compare of comparators) {
    violationAt = firstViolation(values, compare, direction);
    if (violationAt < 0) return { ok: true, comparablePairs };
  }
  const index = violationAt;
  return { ok: false, comparablePairs, violation: { index, before: values[index - 1], after: values[index] } };
}
