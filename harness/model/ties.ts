// @silent-point search.tie-order
/**
 * Ties in the order of a search. interface.md documents no order among records with equal sort values,
 * so a target may order tied records differently on each request, and pages of one walk may then repeat a
 * tied record or skip one (it sits on another page each time). Such repeats and misses are a reading the
 * document allows; anything else that repeats or goes missing is not.
 */
import { foldCase, isAbsent, type SetDifference } from '../oracles';
import { idsOf, orderFields, type Params, type SearchOp, type SearchRecord } from './search-records';

/** A sort value as ties compare it: absent values alike, text letter case aside (a case-blind sort ties them). */
const tieValue = (value: unknown): string => (isAbsent(value) ? '\u0000absent' : typeof value === 'string' ? `s:${foldCase(value)}` : `v:${JSON.stringify(value)}`);

/**
 * The IDs of the records that share their sort value with another record under the order `params` asks
 * for (sortField, else the documented default; for emails, whose default depends on status, a record tied
 * under any default field counts: the widest reading). Sorting by the unique record ID ties nothing.
 */
export function tiedIDs(op: SearchOp, records: readonly SearchRecord[], params: Params): Set<unknown> {
  const ids = idsOf(op, records);
  const tied = new Set<unknown>();
  for (const field of orderFields(op, params)) {
    const byValue = new Map<string, unknown[]>();
    records.forEach((record, i) => {
      const key = tieValue(record[field]);
      byValue.set(key, [...(byValue.get(key) ?? []), ids[i]]);
    });
    for (const group of byValue.values()) if (group.length > 1) for (const id of group) tied.add(id);
  }
  return tied;
}

/**
 * Whether a walk departs from every record of its search only where ties allow: nothing outside the
 * search, and each record repeated or missed is a tied one.
 */
export const onlyTiesMoved = (difference: SetDifference, tied: ReadonlySet<unknown>): boolean =>
  difference.unexpected.length === 0 && [...difference.repeated, ...difference.missing].every((id) => tied.has(id));
