/**
 * Drives the paging of a search for paging.totals: each filter combination a suite sends (the defaults
 * included) read whole by the unique record ID (the judge's oracle of what it holds), then walked page by
 * page to its last page at an rpp of a few pages; then drawn combinations, sorts and rpp values. The judge
 * (judgePagingTotals) decides: totals, page numbers, next/prev, every record reached once.
 */
import fc from 'fast-check';
import type { CheckContext } from '../../harness/check';
import { boundsOf, searchMethod, sortCombinations } from '../../generators';
import type { HttpMethod } from '../../harness/types';
import { maxRpp } from './records';
import { searchAllIds } from './search-all';
import { walkPages } from './walk-pages';
import { idField, type Params, type SearchOp } from '../../harness/model';

export interface PagingCombinations {
  /** Filter combinations walked once each: no filter (the defaults) and each documented value the area's checks send. */
  each: Params[];
  /** Filter combinations the property draws (values of several filters, some from the target's records). */
  drawn: fc.Arbitrary<Params>;
}

/** Pages a walk is meant to take (its rpp is chosen for at most this many). */
const WALK_PAGES = 8;
/** A target that pages fewer records than asked (a capped page size) may need more pages; a walk stops after this many. */
const MOST_PAGES = 4 * WALK_PAGES;

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

/** Reads a search whole (by the unique ID), then walks it at the rpp `rpp` picks from its record count; a search of fewer than two records is not walked. */
async function readAndWalk(ctx: CheckContext, op: SearchOp, filters: Params, sort: Params, rpp: (total: number) => number, method: HttpMethod): Promise<void> {
  const all = await searchAllIds(ctx, op, filters);
  if (!all.complete || all.ids.length < 2) return;
  await walkPages(ctx.api, op, { ...filters, ...sort, rpp: rpp(all.ids.length) }, { method, maxPages: MOST_PAGES });
}

/**
 * Each combination of `combinations.each` (the default sort, alternating GET and POST), then drawn
 * combinations with drawn sorts (the default, the unique record ID, any sortField) and rpp values.
 * Decides nothing.
 */
export async function drivePagingTotals(ctx: CheckContext, op: SearchOp, combinations: PagingCombinations, options: { numRuns?: number } = {}): Promise<void> {
  const each = [...new Map(combinations.each.map((filters) => [keyOf(filters), filters])).values()];
  for (const [i, filters] of each.entries()) await readAndWalk(ctx, op, filters, {}, (total) => rppForEach(op, total), i % 2 === 0 ? 'GET' : 'POST');

  const everySort: Params[] = sortCombinations(op).map((sort) => ({ ...sort }));
  const uniqueSorts = everySort.filter((sort) => sort.sortField === idField(op));
  const sorts = fc.oneof(
    { weight: 2, arbitrary: fc.constant<Params>({}) },
    { weight: 2, arbitrary: fc.constantFrom(...uniqueSorts) },
    { weight: 3, arbitrary: fc.constantFrom(...everySort) },
  );
  const rpps = fc.oneof(fc.constant<RppChoice>('max'), fc.constant<RppChoice>('divides'), fc.nat({ max: 1000 }));
  const arbitrary = fc.record({ filters: combinations.drawn, sort: sorts, rppPick: rpps, method: searchMethod });
  await ctx.explore(
    arbitrary,
    ({ filters, sort, rppPick, method }) => readAndWalk(ctx, op, filters, sort, (total) => rppFor(op, total, rppPick), method),
    { numRuns: options.numRuns ?? Math.min(12, ctx.target.runs) },
  );
}
