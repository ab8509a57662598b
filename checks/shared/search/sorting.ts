/** The order of a search's records: judged by each sort field's documented kind, folded over several orders. */
import type { ApiResponse, CheckContext, RuleJudge, Target } from '../../../harness/core';
import { comparableValues, judgeOrder, parseTargetDatetime, type Direction, type ValueKind } from '../../../harness/oracles';
import { defaultOf, sortCombinations } from '../../../generators';
import { fieldKind, firstPage, maxRpp, recordsOf, without, type Params, type SearchOp } from './records';

export interface SortOutcome {
  sortField: string;
  sortDirection: string;
  verdict: 'pass' | 'fail' | 'inconclusive';
  reason: string;
  response: ApiResponse;
}

/** Orders one page (rpp max) by sortField/sortDirection and judges it by the field's documented kind. */
export async function judgeSortedPage(
  ctx: Pick<CheckContext, 'api' | 'target'>,
  op: SearchOp,
  params: Params,
  sortField: string,
  sortDirection?: string,
): Promise<SortOutcome> {
  const response = await ctx.api.call(op, {
    params: { ...params, rpp: maxRpp(op), page: firstPage(op), sortField, ...(sortDirection === undefined ? {} : { sortDirection }) },
  });
  const direction = (sortDirection ?? String(defaultOf(op, 'sortDirection'))).toLowerCase() as Direction;
  return judgeOrderOf(ctx, op, response, sortField, direction, sortDirection ?? '(default)');
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
 * Every sortField × sortDirection of the spec orders the page by the field's kind.
 * Folds: fail if any combination fails, else inconclusive if any could not be judged.
 */
export async function checkSortOrder(ctx: CheckContext, op: SearchOp, baseParams: Params): Promise<void> {
  const params = without(baseParams, 'sortField', 'sortDirection', 'rpp', 'page');
  const outcomes: SortOutcome[] = [];
  for (const { sortField, sortDirection } of sortCombinations(op)) outcomes.push(await judgeSortedPage(ctx, op, params, sortField, sortDirection));
  recordSortOutcomes(ctx.judge, outcomes);
}

/** Records the folded verdict of several sort outcomes for the judge's rule. */
export function recordSortOutcomes(judge: RuleJudge, outcomes: SortOutcome[]): void {
  const failed = outcomes.filter((o) => o.verdict === 'fail');
  const unjudged = outcomes.filter((o) => o.verdict === 'inconclusive');
  if (failed.length > 0) {
    judge.fail(failed.map((o) => o.reason).join('; '), failed.map((o) => ({
      title: o.reason, request: { method: o.response.method, url: o.response.url }, curl: o.response.curl,
    })));
  } else if (unjudged.length > 0) {
    judge.inconclusive(unjudged.map((o) => o.reason).join('; '));
  } else {
    judge.pass(`${outcomes.length} orders judged`);
  }
}
