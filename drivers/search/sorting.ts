/** The order of a search's records: judged by each sort field's documented kind, folded over several orders. */
import type { ApiResponse, CheckContext, Target } from '../../harness/check';
import { comparableValues, judgeOrder, parseTargetDatetime, type Direction, type ValueKind } from '../../harness/oracles';
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

/** Drives sort.order: every sortField × sortDirection of the spec, one page at rpp max (GET). Decides nothing. */
export async function driveSortOrder(ctx: Pick<CheckContext, 'api'>, op: SearchOp, baseParams: Params): Promise<void> {
  const params = without(baseParams, 'sortField', 'sortDirection', 'rpp', 'page');
  for (const sort of sortCombinations(op)) await ctx.api.call(op, { params: { ...params, ...sort, rpp: maxRpp(op), page: firstPage(op) } });
}

/** Drives a default order: one page at rpp max without sortField and sortDirection, by each method. Decides nothing. */
export async function driveDefaultSort(ctx: Pick<CheckContext, 'api'>, op: SearchOp, baseParams: Params, methods: readonly ('GET' | 'POST')[] = ['GET', 'POST']): Promise<void> {
  const params = without(baseParams, 'sortField', 'sortDirection', 'rpp', 'page');
  for (const method of methods) await ctx.api.call(op, { method, params: { ...params, rpp: maxRpp(op), page: firstPage(op) } });
}
