/** Drivers of a search's order: every sort of the spec, across pages, and the defaults. They decide nothing (the model's order: harness/model/search-order.ts). */
import type { CheckContext } from '../../harness/check';
import { readCount } from '../../harness/oracles';
import { sortCombinations } from '../../generators';
import { recordsOf, type Params, type SearchOp } from '../../harness/model';
import { firstPage, maxRpp, without } from './records';

/**
 * The page size of the walks across pages: small, so that even a small account's searches span many pages
 * and the records at a page edge are many (a large account's are walked the same way, by its first and middle pages).
 */
export const ACROSS_PAGES_RPP = 7;

/**
 * Drives sort.order: every sortField × sortDirection of the spec, one page at rpp max (GET); then, for each,
 * pages 1 and 2 and two consecutive pages in the middle of the search at a small rpp, fetched twice in the
 * same order (the judge tells a page that does not continue the one before from data that moved between
 * the calls by the second fetch). `acrossParams` (default: the same search) is the search walked across pages: a
 * large account's narrowed to a list of IDs, so that no page in its middle makes the target order every record.
 * Deterministic: the same requests every run. Decides nothing.
 */
export async function driveSortOrder(ctx: Pick<CheckContext, 'api'>, op: SearchOp, baseParams: Params, acrossParams: Params = baseParams): Promise<void> {
  const params = without(baseParams, 'sortField', 'sortDirection', 'rpp', 'page');
  for (const sort of sortCombinations(op)) await ctx.api.call(op, { params: { ...params, ...sort, rpp: maxRpp(op), page: firstPage(op) } });
  const across = without(acrossParams, 'sortField', 'sortDirection', 'rpp', 'page');
  for (const sort of sortCombinations(op)) await driveAcrossPages(ctx, op, { ...across, ...sort, rpp: ACROSS_PAGES_RPP });
}

/** Where to look for page edges, as fractions of the search's pages: the start, the middle, then quarters and eighths. */
const EDGE_PLACES = [0, 1 / 2, 1 / 4, 3 / 4, 1 / 8, 3 / 8, 5 / 8, 7 / 8];

/** Page edges a walk across pages reads, at most (each edge two pages, fetched twice). */
const EDGES_READ = 2;

/**
 * Pairs of consecutive pages of a search (GET) at the edges of EDGE_PLACES, until two pairs whose records
 * hold two different values of the sort field (an edge where the order can show); then those pairs once
 * more, in the same order. Nothing when the search fits one page.
 */
async function driveAcrossPages(ctx: Pick<CheckContext, 'api'>, op: SearchOp, params: Params): Promise<void> {
  const first = firstPage(op);
  const field = String(params.sortField);
  const fetch = (page: number) => ctx.api.call(op, { params: { ...params, page } });
  const opening = await fetch(first);
  const totalPages = opening.outcome === 'success' ? readCount(opening.paging?.totalPages) : undefined;
  if (totalPages === undefined || totalPages < 2) return;
  const last = first + totalPages - 1;
  const starts = [...new Set(EDGE_PLACES.map((place) => Math.min(last - 1, first + Math.floor(place * (totalPages - 1)))))];
  const telling: number[] = [];
  for (const start of starts) {
    if (telling.length >= EDGES_READ) break;
    const pair = [start === first ? opening : await fetch(start), await fetch(start + 1)];
    const values = new Set(pair.flatMap((page) => recordsOf(page).map((record) => JSON.stringify(record[field] ?? null))));
    if (values.size >= 2) telling.push(start);
  }
  for (const start of telling) for (const page of [start, start + 1]) await fetch(page);
}

/** Drives a default order: one page at rpp max without sortField and sortDirection, by each method. Decides nothing. */
export async function driveDefaultSort(ctx: Pick<CheckContext, 'api'>, op: SearchOp, baseParams: Params, methods: readonly ('GET' | 'POST')[] = ['GET', 'POST']): Promise<void> {
  const params = without(baseParams, 'sortField', 'sortDirection', 'rpp', 'page');
  for (const method of methods) await ctx.api.call(op, { method, params: { ...params, rpp: maxRpp(op), page: firstPage(op) } });
}
