/**
 * The paging block of a search agrees with its pages (totals, page numbers, next/prev links, every record
 * reached once) for each filter combination a suite sends, the defaults included.
 */
import fc from 'fast-check';
import type { CheckContext } from '../../../harness/core';
import { boundsOf, searchMethod, sortCombinations } from '../../../generators';
import type { HttpMethod } from '../../../harness/types';
import { judgePagedWalk, WALK_PAGES, type WalkOutcome } from './paged-walk';
import { idField, maxRpp, type Params, type SearchOp } from './records';
import { failWith } from './samples';
import { searchAllIds, type SearchAllIds } from './search-all';

export interface PagingCombinations {
  /** Filter combinations walked once each: no filter (the defaults) and each documented value the area's checks send. */
  each: Params[];
  /** Filter combinations the property draws (values of several filters, some from the target's records). */
  drawn: fc.Arbitrary<Params>;
}

/** How a walk's rpp is chosen once the search's record count is known: a spread of pages, one dividing it, or the maximum. */
type RppChoice = 'max' | 'divides' | number;

/** An rpp that pages `total` records in 2 to WALK_PAGES pages (or the maximum, often one page). */
function rppFor(op: SearchOp, total: number, choice: RppChoice): number {
  const { min } = boundsOf(op, 'rpp');
  const lo = Math.max(min, Math.ceil(total / WALK_PAGES));
  const hi = Math.max(lo, Math.min(maxRpp(op), total - 1));
  if (choice === 'max') return maxRpp(op);
  if (choice === 'divides') return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i).find((rpp) => total % rpp === 0) ?? lo;
  return lo + (choice % (hi - lo + 1));
}

/** The rpp each listed combination is walked at: three or four pages, the last one short where the count allows. */
const rppForEach = (op: SearchOp, total: number): number => Math.max(boundsOf(op, 'rpp').min, Math.min(total - 1, Math.ceil(total / 3) + 1));

const keyOf = (params: Params): string => JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));

/**
 * For each filter combination of `combinations.each` (the default sort, alternating GET and POST), then
 * as a property over drawn combinations, sorts (the default, the unique record ID, any sortField) and rpp
 * values: the walk's paging blocks agree with its pages and its pages reach totalRecords records, each
 * once (judgePagedWalk). Every record of each combination is read once, by the unique ID, as the oracle.
 * Repeats and misses confined to records tied under the walk's sort are noted, never failed.
 */
export async function checkPagingTotals(ctx: CheckContext, op: SearchOp, combinations: PagingCombinations, options: { numRuns?: number } = {}): Promise<void> {
  const { judge } = ctx;
  const everyRecord = new Map<string, Promise<SearchAllIds>>();
  const recordsOf = (filters: Params): Promise<SearchAllIds> => {
    const key = keyOf(filters);
    if (!everyRecord.has(key)) everyRecord.set(key, searchAllIds(ctx, op, filters));
    return everyRecord.get(key)!;
  };
  const walkOf = async (filters: Params, sort: Params, rpp: RppChoice | 'each', method: HttpMethod): Promise<WalkOutcome> => {
    const all = await recordsOf(filters);
    const label = JSON.stringify(filters);
    if (!all.complete) return { unjudged: `could not page through ${label}: ${all.stoppedBecause}` };
    const total = all.ids.length;
    if (total < 2) return { unjudged: `${label} has ${total} record(s), too few for several pages` };
    const size = rpp === 'each' ? rppForEach(op, total) : rppFor(op, total, rpp);
    return judgePagedWalk(ctx, op, { params: { ...filters, ...sort }, rpp: size, method }, all);
  };

  const notes = new Set<string>();
  const unjudged: string[] = [];
  let judged = 0;
  const each = [...new Map(combinations.each.map((filters) => [keyOf(filters), filters])).values()];
  for (const [i, filters] of each.entries()) {
    const outcome = await walkOf(filters, {}, 'each', i % 2 === 0 ? 'GET' : 'POST');
    if ('deviation' in outcome) return failWith(judge, outcome.deviation);
    if ('unjudged' in outcome) unjudged.push(outcome.unjudged);
    else {
      judged++;
      if (outcome.note) notes.add(outcome.note);
    }
  }
  if (judged === 0) judge.inconclusive(unjudged.join('; ') || 'no filter combination to walk');
  else judge.pass(`${judged} of ${each.length} filter combinations walked${unjudged.length > 0 ? `; not judged: ${unjudged.slice(0, 3).join('; ')}` : ''}`);

  const everySort: Params[] = sortCombinations(op).map((sort) => ({ ...sort }));
  const uniqueSorts = everySort.filter((sort) => sort.sortField === idField(op));
  const sorts = fc.oneof(
    { weight: 2, arbitrary: fc.constant<Params>({}) },
    { weight: 2, arbitrary: fc.constantFrom(...uniqueSorts) },
    { weight: 3, arbitrary: fc.constantFrom(...everySort) },
  );
  const rpps = fc.oneof(fc.constant<RppChoice>('max'), fc.constant<RppChoice>('divides'), fc.nat({ max: 1000 }));
  const arbitrary = fc.record({ filters: combinations.drawn, sort: sorts, rppPick: rpps, method: searchMethod });
  await judge.property(arbitrary, async ({ filters, sort, rppPick, method }, sample) => {
    const outcome = await walkOf(filters, sort, rppPick, method);
    if ('deviation' in outcome) return sample.expect(false, outcome.deviation);
    if ('unjudged' in outcome) return sample.inconclusive(outcome.unjudged);
    if (outcome.note) notes.add(outcome.note);
  }, { numRuns: options.numRuns ?? Math.min(12, ctx.target.runs) });
  if (notes.size > 0) judge.pass(`tied records moved between pages (noted, not failed): ${[...notes].slice(0, 3).join('; ')}`);
}
