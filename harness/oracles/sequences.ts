// @silent-point search.tie-order
/** Index of the first position where two lists differ (-1 when equal). */
export function firstDifference(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

export const sameSequence = (a: readonly unknown[], b: readonly unknown[]): boolean => firstDifference(a, b) < 0;

/** A short account of where two ID lists part (for evidence). */
export function describeDifference(a: readonly unknown[], b: readonly unknown[]): string {
  const at = firstDifference(a, b);
  if (at < 0) return 'identical';
  return `${a.length} vs ${b.length} IDs; first difference at position ${at}: ${JSON.stringify(a[at])} vs ${JSON.stringify(b[at])}`;
}

/** A record of an ordered answer: its ID and the value it is sorted by (as comparable text). */
export interface OrderedEntry {
  id: unknown;
  key: string;
}

/**
 * Whether two answers of the same ordered search agree, ties aside. interface.md states no tie-break,
 * so records with equal sort values may come in any order, and that order may differ between calls:
 * the lists agree when they carry the same sort key at every position and each run of tied records
 * holds the same IDs. A run at either end of the list may also differ in its IDs, since it may tie with
 * records on a neighbouring page.
 */
export function sameUpToTies(a: readonly OrderedEntry[], b: readonly OrderedEntry[]): boolean {
  if (a.length !== b.length) return false;
  if (a.some((entry, i) => entry.key !== b[i]!.key)) return false;
  for (let start = 0; start < a.length;) {
    let end = start + 1;
    while (end < a.length && a[end]!.key === a[start]!.key) end++;
    const atEdge = start === 0 || end === a.length;
    const ids = (list: readonly OrderedEntry[]) => list.slice(start, end).map((e) => JSON.stringify(e.id)).sort().join(',');
    if (!atEdge && ids(a) !== ids(b)) return false;
    start = end;
  }
  return true;
}
