/** The order of a search's records: judged by each sort field's documented kind, folded over several orders. */
import type { ApiResponse, CheckContext, Target } from '../../harness/check';
import { comparableValues, judgeOrder, parseTargetDatetime, readCount, type Direction, type ValueKind } from '../../harness/oracles';
import { sortCombinations } from '../../generators';
import { fieldKind, firstPage, maxRpp, recordsOf, without, type Params, type SearchOp } from './records';

export interface SortOutcome {
  sortField: string;
  sortDirection: string;
  verdict: 'pass' | 'fail' | 'inconclusive';
  reason: string;
  response: ApiResponse;
}

/**
 * Values of a field for an order judgement, each with the value as the target wrote it (for evidence).
 * Absent and unreadable values are left out (interface.md does not place them). Datetimes are read in the
 * profile's format, and a value that is not in it but is ISO 8601 is read as such: its format is
 * envelope.datetime-format's business, not the order's.
 */
export function orderValues(values: readonly unknown[], kind: ValueKind, format: Target['profile']['datetime']['format']): { raw: unknown; value: unknown }[] {
  const read = (v: unknown): unknown =>
    kind === 'datetime' ? parseTargetDatetime(v, format) ?? parseTargetDatetime(v, 'iso8601') : comparableValues([v], kind, format)[0];
  return values.map((raw) => ({ raw, value: read(raw) })).filter((entry) => entry.value !== undefined);
}

/** Judges the order of a response's records by a field and direction. */
export function judgeOrderOf(
  ctx: Pick<CheckContext, 'target'>,
  op: SearchOp,
  response: ApiResponse,
  field: string,
  direction: Direction,
  label: string = direction,
): SortOutcome {
  const base = { sortField: field, sortDirection: label, response };
  if (response.outcome !== 'success') return { ...base, verdict: 'fail', reason: `sortField=${field} sortDirection=${label} was refused: ${response.errors[0] ?? ''}` };
  const kind = fieldKind(op, field);
  const values = orderValues(recordsOf(response).map((r) => r[field]), kind, ctx.target.profile.datetime.format);
  const order = judgeOrder(values.map((entry) => entry.value), kind, direction);
  if (order.comparablePairs === 0) return { ...base, verdict: 'inconclusive', reason: `${field} ${label}: fewer than two distinct values` };
  if (!order.ok) {
    const at = order.violation!.index;
    const [before, after] = [values[at - 1]?.raw, values[at]?.raw].map((v) => JSON.stringify(v));
    return { ...base, verdict: 'fail', reason: `${field} ${label} (${kind}): ${before} comes before ${after} (valued records ${at - 1} and ${at})` };
  }
  return { ...base, verdict: 'pass', reason: `${field} ${label}: ${order.comparablePairs} ordered pairs` };
}

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
