// @silent-point emails.default-sort-mixed-status
/**
 * The order the documents give a search's answer, read from the spec: an allowed sortField and
 * sortDirection, a sortField alone (the documented default direction), or neither (groups: the documented
 * defaults; emails: the default of the statuses searched, x-default-sorts). Where the documents give no
 * single order (emails statuses of two defaults, automated summaries, a sortDirection alone) the model asks
 * none. And whether records, within one answer or across two consecutive pages, hold that order. Pure.
 */
import type { ApiResponse, Target } from '../check';
import { comparableValues, foldCase, judgeOrder, parseTargetDatetime, type Direction, type ValueKind } from '../oracles';
import { defaultOf, param } from '../../generators';
import { DEFAULT_STATUSES, DELIVERY, DETAIL } from './emails-values';
import { allowedSpelling, listOf, spelledOrDefault } from './sent-values';
import { fieldKind, idField, recordsOf, type Params, type SearchOp, type SearchRecord } from './search-records';

/** A documented default sort of emails/search: the statuses it is the default of, and the order. */
export interface DefaultSort {
  statuses: string[];
  sortField: string;
  sortDirection: Direction;
}

/** The default sorts of emails/search by status (x-default-sorts on sortField). */
export function defaultSorts(): DefaultSort[] {
  const sorts = param('emails.search', 'sortField')['x-default-sorts'];
  if (!Array.isArray(sorts) || sorts.length === 0) throw new Error('spec/openapi.yaml: emails.search sortField has no x-default-sorts');
  return sorts.map((entry: { status: unknown[]; sortField: string; sortDirection: Direction }) => ({
    statuses: entry.status.map(String),
    sortField: entry.sortField,
    sortDirection: entry.sortDirection,
  }));
}

/** How a request asked its order: both sort parameters, a sortField alone, or neither (the documented default). */
export type OrderAsked = 'sortField and sortDirection' | 'sortField alone' | 'default';

/** The order the documents give an answer. */
export interface AskedOrder {
  field: string;
  direction: Direction;
  by: OrderAsked;
  /** The search's case among the defaults (emails: "manual draft", "automated detail", "transactional"; groups: "default"). */
  defaultCase?: string;
}

const sameAs = (a: unknown, b: unknown): boolean => foldCase(a) === foldCase(b);

/** The default sort of sent emails (the one whose statuses are the default status list). */
const sentSort = (): DefaultSort =>
  defaultSorts().find((sort) => sort.statuses.length === DEFAULT_STATUSES.length && sort.statuses.every((s) => DEFAULT_STATUSES.some((d) => sameAs(s, d))))!;

/** The label of a manual search's statuses among the default cases. */
const manualCase = (statuses: readonly string[]): string => `${DELIVERY.manual} ${statuses.map(foldCase).sort().join('+')}`;

/** The default cases of emails/search that are not manual: automated detail sends and transactional sends, ordered as sent emails. */
const SENDS_CASES = { automatedDetail: `${DELIVERY.automated} ${DETAIL}`, transactional: DELIVERY.transactional };

/** Every default case of emails/search: each status of a default sort alone and together, automated detail sends, transactional sends. */
export function emailsDefaultCases(): string[] {
  const manual = defaultSorts().flatMap((sort) => (sort.statuses.length > 1 ? [...sort.statuses.map((s) => [s]), sort.statuses] : [sort.statuses]));
  return [...new Set([...manual.map(manualCase), ...Object.values(SENDS_CASES)])];
}

/**
 * The default order of an emails/search answer: a manual search whose statuses all share one default sort;
 * an automated detail search or a transactional one (sends, ordered as sent emails). Others: none.
 */
function emailsDefaultOrder(params: Params): AskedOrder | undefined {
  const delivery = spelledOrDefault('emails.search', 'deliveryType', params);
  const asked = (sort: DefaultSort, defaultCase: string): AskedOrder => ({ field: sort.sortField, direction: sort.sortDirection, by: 'default', defaultCase });
  if (delivery === DELIVERY.manual) {
    const statuses = (listOf(params.status ?? defaultOf('emails.search', 'status')) ?? []).map(String);
    const sort = statuses.length === 0 ? undefined : defaultSorts().find((s) => statuses.every((status) => s.statuses.some((t) => sameAs(t, status))));
    return sort ? asked(sort, manualCase(statuses)) : undefined;
  }
  if (delivery === DELIVERY.automated && sameAs(params.automatedResults ?? defaultOf('emails.search', 'automatedResults'), DETAIL)) return asked(sentSort(), SENDS_CASES.automatedDetail);
  if (delivery === DELIVERY.transactional) return asked(sentSort(), SENDS_CASES.transactional);
  return undefined;
}

/** The order the documents give the answer to `params`; undefined where they give none. */
export function askedOrder(op: SearchOp, params: Params): AskedOrder | undefined {
  const field = allowedSpelling(op, 'sortField', params.sortField);
  if (params.sortField !== undefined) {
    if (!field) return undefined;
    if (params.sortDirection === undefined) return { field, direction: foldCase(defaultOf(op, 'sortDirection')) as Direction, by: 'sortField alone' };
    const direction = allowedSpelling(op, 'sortDirection', params.sortDirection);
    return direction ? { field, direction: foldCase(direction) as Direction, by: 'sortField and sortDirection' } : undefined;
  }
  if (params.sortDirection !== undefined) return undefined;
  if (op === 'emails.search') return emailsDefaultOrder(params);
  return { field: String(defaultOf(op, 'sortField')), direction: foldCase(defaultOf(op, 'sortDirection')) as Direction, by: 'default', defaultCase: 'default' };
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

export interface SortOutcome {
  sortField: string;
  sortDirection: string;
  verdict: 'pass' | 'fail' | 'inconclusive';
  reason: string;
  response: ApiResponse;
}

/** Whether an answer's records are in an order (a refusal fails: the order was not given). */
export function judgeOrderOf(
  ctx: { target: Pick<Target, 'profile'> },
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

/** Two consecutive pages of one search, each with its page number. */
export interface PagePair {
  first: { page: number | undefined; records: readonly SearchRecord[] };
  second: { page: number | undefined; records: readonly SearchRecord[] };
}

/** Whether the second page continues the first in an order. */
export interface Continuation {
  ok: boolean;
  /** Pairs of adjacent valued records with different values over the two pages (both must hold a valued record): 0 judges nothing. */
  comparable: number;
  reason: string;
}

/**
 * Whether page p+1 continues page p in an order: the last valued record of page p and the records of page
 * p+1 (each page alone is judged as a page). Equal values may come in any order (ties); only a strict
 * inversion between two valued records counts, under every collation a text order is accepted in.
 */
export function judgeContinuation(target: Pick<Target, 'profile'>, op: SearchOp, order: { field: string; direction: Direction; label: string }, { first, second }: PagePair): Continuation {
  const kind = fieldKind(op, order.field);
  const format = target.profile.datetime.format;
  const id = idField(op);
  const tagged = [first, second].flatMap((page, at) => page.records.map((record) => ({ record, at })));
  const values = orderValues(tagged.map(({ record }) => record[order.field]), kind, format);
  // orderValues drops unreadable values: keep the records it kept, in the same order.
  const kept = tagged.filter(({ record }) => orderValues([record[order.field]], kind, format).length === 1);
  const onFirst = kept.filter(({ at }) => at === 0).length;
  const across = values.slice(Math.max(0, onFirst - 1)).map((entry) => entry.value);
  const oneSided = onFirst === 0 || onFirst === values.length;
  const judgement = oneSided ? { ok: true, comparablePairs: 0 } : judgeOrder(across, kind, order.direction);
  const at = judgement.ok ? undefined : Math.max(0, onFirst - 1) + (judgement as { violation: { index: number } }).violation.index;
  const pageOf = (i: number) => (kept[i]!.at === 0 ? first.page : second.page);
  const reason = at === undefined
    ? `${order.label}: page ${second.page} continues page ${first.page}`
    : `${order.label}: ${JSON.stringify(values[at - 1]?.raw)} (${id} ${String(kept[at - 1]?.record[id])}, page ${pageOf(at - 1)}) comes before ${JSON.stringify(values[at]?.raw)} (${id} ${String(kept[at]?.record[id])}, page ${pageOf(at)})`;
  // The two pages judge the order when their records hold two different values (at the edge itself they may tie).
  const comparable = oneSided ? 0 : judgeOrder(values.map((entry) => entry.value), kind, order.direction).comparablePairs;
  return { ok: judgement.ok, comparable, reason };
}
