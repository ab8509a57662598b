/** How a sort field's values compare: numerically, chronologically (epoch ms) or as case-insensitive text. */
export type SortKind = 'number' | 'datetime' | 'text';

export interface SortSpec<T> {
  value: (item: T) => number | string | undefined;
  kind: SortKind;
  descending: boolean;
  /** The unique ID that orders equal values, ascending unless tieDescending. */
  tieBreak: (item: T) => number;
  tieDescending?: boolean;
  /** Fault behaviour: numbers compared as their decimal text. */
  numbersAsText?: boolean;
}

type Key = number | string | undefined;

/**
 * A stable sort: absent values first when ascending (last when descending), text compared lowercased,
 * equal values ordered by the tie-break ID. Keys are computed once per item.
 */
export function sortBy<T>(items: readonly T[], spec: SortSpec<T>): T[] {
  const keyed = items.map((item) => ({ item, key: sortKey(spec.value(item), spec), tie: spec.tieBreak(item) }));
  const direction = spec.descending ? -1 : 1;
  const tieDirection = spec.tieDescending ? -1 : 1;
  keyed.sort((a, b) => direction * compareKeys(a.key, b.key) || tieDirection * (a.tie - b.tie));
  return keyed.map((entry) => entry.item);
}

function sortKey<T>(value: number | string | undefined, spec: SortSpec<T>): Key {
  if (value === undefined) return undefined;
  if (spec.kind === 'text') return String(value).toLowerCase();
  if (spec.kind === 'number' && spec.numbersAsText) return String(value);
  return value;
}

function compareKeys(a: Key, b: Key): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return a < b ? -1 : 1;
}
