/** How a sort field's values compare: numerically, chronologically (epoch ms) or as text (SortSpec.collation). */
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
  /**
   * Where records without a value go (search.absent-in-sort): lowest (default), first ascending and last
   * descending; last, or first, in both directions.
   */
  absent?: AbsentPlace;
  /**
   * How text compares (search.text-collation): case-insensitive (default: lowercased, code-unit order),
   * code-unit (as sent: Z before a), locale (base letters, 'en').
   */
  collation?: TextCollation;
}

export type AbsentPlace = 'lowest' | 'last' | 'first';
export type TextCollation = 'case-insensitive' | 'code-unit' | 'locale';

const LOCALE_ORDER = new Intl.Collator('en', { sensitivity: 'base' });

type Key = number | string | undefined;

/**
 * A stable sort: absent values first when ascending (last when descending; SortSpec.absent), text compared
 * lowercased (SortSpec.collation), equal values ordered by the tie-break ID. Keys are computed once per item.
 */
export function sortBy<T>(items: readonly T[], spec: SortSpec<T>): T[] {
  const keyed = items.map((item) => ({ item, key: sortKey(spec.value(item), spec), tie: spec.tieBreak(item) }));
  const compare = entryOrder(spec);
  keyed.sort(compare);
  return keyed.map((entry) => entry.item);
}

/** Below this share of the items, sortFirst selects through a bounded heap instead of sorting everything. */
const PARTIAL_SHARE = 4;

/**
 * The first `count` items of sortBy(items, spec), in order. A search shows one page, so this keeps the
 * best page * rpp items in a heap (O(n log count)) instead of sorting every match (O(n log n)); the order
 * is the same because the tie-break IDs make it total.
 */
export function sortFirst<T>(items: readonly T[], spec: SortSpec<T>, count: number): T[] {
  if (count <= 0) return [];
  if (count * PARTIAL_SHARE >= items.length) return sortBy(items, spec).slice(0, count);
  const compare = entryOrder(spec);
  const heap = new WorstFirstHeap<Entry<T>>(compare);
  for (const item of items) {
    if (heap.size < count) {
      heap.push({ item, key: sortKey(spec.value(item), spec), tie: spec.tieBreak(item) });
      continue;
    }
    const candidate = { item, key: sortKey(spec.value(item), spec), tie: spec.tieBreak(item) };
    if (compare(candidate, heap.worst()) < 0) heap.replaceWorst(candidate);
  }
  return heap.drain().sort(compare).map((entry) => entry.item);
}

interface Entry<T> {
  item: T;
  key: Key;
  tie: number;
}

function entryOrder<T>(spec: SortSpec<T>): (a: Entry<T>, b: Entry<T>) => number {
  const direction = spec.descending ? -1 : 1;
  const tieDirection = spec.tieDescending ? -1 : 1;
  const compare = spec.kind === 'text' && spec.collation === 'locale' ? compareLocaleKeys : compareKeys;
  const place = spec.absent ?? 'lowest';
  if (place !== 'lowest') {
    // last: an absent key sorts after every value whatever the direction; first: before
    const absentSign = place === 'last' ? 1 : -1;
    return (a, b) => {
      if (a.key === undefined || b.key === undefined) {
        const absent = (a.key === undefined ? 1 : 0) - (b.key === undefined ? 1 : 0);
        if (absent !== 0) return absentSign * absent;
      }
      return direction * compare(a.key, b.key) || tieDirection * (a.tie - b.tie);
    };
  }
  return (a, b) => direction * compare(a.key, b.key) || tieDirection * (a.tie - b.tie);
}

/** A binary heap whose root is the entry that sorts last. */
class WorstFirstHeap<E> {
  private readonly entries: E[] = [];
  constructor(private readonly compare: (a: E, b: E) => number) {}

  get size(): number {
    return this.entries.length;
  }

  worst(): E {
    return this.entries[0] as E;
  }

  push(entry: E): void {
    const { entries } = this;
    entries.push(entry);
    let index = entries.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.compare(entries[parent] as E, entry) >= 0) break;
      entries[index] = entries[parent] as E;
      index = parent;
    }
    entries[index] = entry;
  }

  replaceWorst(entry: E): void {
    const { entries } = this;
    const size = entries.length;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= size) break;
      const right = left + 1;
      const larger = right < size && this.compare(entries[right] as E, entries[left] as E) > 0 ? right : left;
      if (this.compare(entries[larger] as E, entry) <= 0) break;
      entries[index] = entries[larger] as E;
      index = larger;
    }
    entries[index] = entry;
  }

  drain(): E[] {
    return this.entries.splice(0);
  }
}

function sortKey<T>(value: number | string | undefined, spec: SortSpec<T>): Key {
  if (value === undefined) return undefined;
  if (spec.kind === 'text') return spec.collation === 'code-unit' || spec.collation === 'locale' ? String(value) : String(value).toLowerCase();
  if (spec.kind === 'number' && spec.numbersAsText) return String(value);
  return value;
}

function compareKeys(a: Key, b: Key): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return a < b ? -1 : 1;
}

function compareLocaleKeys(a: Key, b: Key): number {
  if (a === undefined || b === undefined) return compareKeys(a, b);
  return LOCALE_ORDER.compare(String(a), String(b));
}
