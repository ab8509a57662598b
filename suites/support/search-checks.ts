/**
 * Generic checks of a documented search (groups/search, emails/search): one rule per function, judged
 * as `${op}.<suffix>`; the test must carry that literal tag. Usage, e.g. in emails-search.spec.ts:
 *   const base = { deliveryType: 'manual', dateSentStart, dateSentEnd };          // enough records
 *   test('rpp bounds', { tag: ['@rule:emails.search.rpp.bounds'] }, async ({ api, judge, target }) =>
 *     checkRppBounds({ api, judge, target }, 'emails.search', base));
 * `baseParams` is merged into every request (a check drops the keys it varies: rpp, page, sort...).
 */
import fc from 'fast-check';
import type { ApiClient, ApiResponse, Judge, Sample, SampleEvidence, Target } from '../../harness/core';
import { loadSpec, operationInfo } from '../../harness/contract';
import { componentSchema, resolveSchema, type SchemaNode } from '../../harness/contract/schema-resolution';
import { comparableValues, judgeOrder, parseTargetDatetime, type Direction, type ValueKind } from '../../harness/oracles';
import type { HttpMethod } from '../../harness/types';
import {
  allowedValues,
  boundsOf,
  defaultOf,
  filterSets,
  pageOutside,
  param,
  rppForPaging,
  rppOutside,
  rppWithin,
  searchMethod,
  sortCombinations,
  unknownValue,
  type FilterCandidates,
} from '../../generators';

export type SearchOp = 'groups.search' | 'emails.search';

export interface SearchCheckContext {
  api: ApiClient;
  judge: Judge;
  target: Target;
}

export type Params = Record<string, unknown>;
export type SearchRecord = Record<string, unknown>;

/** Whether a record satisfies a filter's value (used by checkFiltersSubset). */
export type RecordPredicate = (record: SearchRecord, value: unknown) => boolean;

// ------------------------------------------------------------------ spec-derived helpers

/** The record schema of a search (the spec's x-payload.records), fully resolved. */
export function recordSchema(op: SearchOp): SchemaNode {
  const name = operationInfo(op).payload.records;
  if (!name) throw new Error(`spec/openapi.yaml: ${op} has no x-payload.records`);
  const spec = loadSpec();
  return resolveSchema(spec, componentSchema(spec, name));
}

/** The record's ID field: the schema name + "ID" (Group → groupID, Email → emailID), checked against the schema. */
export function idField(op: SearchOp): string {
  const name = operationInfo(op).payload.records ?? '';
  const field = `${name.charAt(0).toLowerCase()}${name.slice(1)}ID`;
  if (!recordSchema(op).properties?.[field]) throw new Error(`spec/openapi.yaml: ${name} has no ${field}`);
  return field;
}

/** How a record field compares, from its documented type: integer → number, ems-datetime → datetime, string → string. */
export function fieldKind(op: SearchOp, field: string): ValueKind {
  const schema = recordSchema(op).properties?.[field];
  if (!schema) throw new Error(`spec/openapi.yaml: the ${op} record has no field ${field}`);
  if (schema.format === 'ems-datetime' || schema.format === 'ems-date') return 'datetime';
  if (schema.type === 'integer' || schema.type === 'number') return 'number';
  if (schema.type === 'string') return 'string';
  throw new Error(`spec/openapi.yaml: ${op} field ${field} has no sortable type (${String(schema.type)})`);
}

/** The first page (the spec's minimum of page): passed explicitly where a check needs page 1, so page.default stays its own rule. */
export const firstPage = (op: SearchOp): number => boundsOf(op, 'page').min;

/** The largest rpp the spec allows (250): fewest requests when paging through everything. */
export function maxRpp(op: SearchOp): number {
  const { min, max } = boundsOf(op, 'rpp');
  return max ?? min;
}

/** Reads a boolean as records may carry it (true/false, 1/0, "1"/"0", "true"/"false"); undefined otherwise. */
export function readBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

export const sameText = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

// ------------------------------------------------------------------ record helpers

export const recordsOf = (response: ApiResponse): SearchRecord[] =>
  (response.records ?? []).filter((r): r is SearchRecord => typeof r === 'object' && r !== null);

export const idsOf = (op: SearchOp, records: readonly unknown[]): unknown[] => {
  const field = idField(op);
  return records.map((r) => (typeof r === 'object' && r !== null ? (r as SearchRecord)[field] : undefined));
};

/** Index of the first position where two ID lists differ (-1 when equal). */
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

const without = (params: Params, ...keys: string[]): Params =>
  Object.fromEntries(Object.entries(params).filter(([k]) => !keys.includes(k)));

export interface SearchAllIds {
  records: SearchRecord[];
  ids: unknown[];
  complete: boolean;
  stoppedBecause?: string;
  pages: ApiResponse[];
}

/** Every record of a search, paged at rpp max unless params sets rpp (a handful of requests). */
export async function searchAllIds(
  ctx: Pick<SearchCheckContext, 'api'>,
  op: SearchOp,
  params: Params,
  options: { method?: HttpMethod; maxPages?: number } = {},
): Promise<SearchAllIds> {
  const result = await ctx.api.searchAll(op, { rpp: maxRpp(op), ...without(params, 'page') }, {
    ...(options.method ? { method: options.method } : {}),
    maxPages: options.maxPages ?? 20,
  });
  const records = result.records.filter((r): r is SearchRecord => typeof r === 'object' && r !== null);
  return {
    records,
    ids: idsOf(op, records),
    complete: result.complete,
    ...(result.stoppedBecause ? { stoppedBecause: result.stoppedBecause } : {}),
    pages: result.pages,
  };
}

/** Records a failure with a sample's evidence (title, expected, actual, response). */
function failWith(judge: Judge, rule: string, { note, ...evidence }: SampleEvidence): void {
  judge.check(rule, false, note === undefined ? evidence : { ...evidence, title: `${evidence.title} (${note})` });
}

/** A sample is only judged on successes; a refusal of a valid request ends it unjudged (the bounds rules judge those). */
function requireSuccess(response: ApiResponse, sample: Sample, what: string): void {
  if (response.outcome !== 'success') sample.inconclusive(`${what} was refused (${response.errors[0] ?? `HTTP ${response.status}`})`);
}

// ------------------------------------------------------------------ methods

/**
 * GET then POST with the same parameters; when the ID lists differ, GET is asked again: if the two GETs
 * differ too, the data moved (volatile member counts) and the pair is retried, at most 3 times.
 * Returns undefined when they agree, the evidence when they do not, or a reason when nothing could be judged.
 */
async function compareMethods(ctx: SearchCheckContext, op: SearchOp, params: Params): Promise<undefined | string | SampleEvidence> {
  const { api } = ctx;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const get = await api.call(op, { method: 'GET', params });
    const post = await api.call(op, { method: 'POST', params });
    if (get.outcome !== post.outcome) {
      return { title: 'GET and POST with the same parameters have the same outcome', expected: get.outcome, actual: post.outcome, response: post };
    }
    if (get.outcome !== 'success') return 'both methods refused the parameters';
    const getIds = idsOf(op, recordsOf(get));
    const postIds = idsOf(op, recordsOf(post));
    if (sameSequence(getIds, postIds)) return undefined;
    const again = await api.call(op, { method: 'GET', params });
    if (sameSequence(getIds, idsOf(op, recordsOf(again)))) {
      return {
        title: `POST returns the same records in the same order as GET (${JSON.stringify(params)})`,
        expected: getIds, actual: postIds, response: post, note: describeDifference(getIds, postIds),
      };
    }
  }
  return 'the records moved between calls three times (concurrent changes)';
}

/**
 * `${op}.methods`: GET and POST with the same parameters return the same IDs in the same order. First every
 * sortField × sortDirection at rpp max (exhaustive: ties are where orders part), then a property over
 * parameter sets (sorts, rpp, page, plus `extra`, e.g. filters).
 */
export async function checkMethods(
  ctx: SearchCheckContext,
  op: SearchOp,
  baseParams: Params,
  options: { extra?: fc.Arbitrary<Params>; numRuns?: number } = {},
): Promise<void> {
  const rule = `${op}.methods`;
  const { judge } = ctx;
  const unjudged: string[] = [];
  let judged = 0;
  for (const sort of sortCombinations(op)) {
    const outcome = await compareMethods(ctx, op, { ...baseParams, ...sort, rpp: maxRpp(op), page: firstPage(op) });
    if (typeof outcome === 'string') unjudged.push(`${sort.sortField} ${sort.sortDirection}: ${outcome}`);
    else if (outcome) failWith(judge, rule, outcome);
    else judged++;
  }
  if (judged > 0) judge.pass(rule, `${judged} sort orders compared`);
  else judge.inconclusive(rule, unjudged.join('; '));

  const present = <T>(arbitrary: fc.Arbitrary<T>, freq = 3) => fc.option(arbitrary, { nil: undefined, freq });
  const arbitrary = fc
    .record({
      sortField: present(fc.constantFrom(...allowedValues(op, 'sortField')), 6),
      sortDirection: present(fc.constantFrom(...allowedValues(op, 'sortDirection'))),
      rpp: present(fc.oneof({ weight: 2, arbitrary: fc.constant(maxRpp(op)) }, { weight: 1, arbitrary: rppWithin(op) })),
      page: present(fc.integer({ min: firstPage(op), max: firstPage(op) + 2 })),
      extra: options.extra ?? fc.constant({}),
    })
    .map(({ extra, ...rest }) => {
      const params: Params = { ...baseParams, ...extra };
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) params[k] = v;
      return params;
    });
  await judge.property(rule, arbitrary, async (params, sample) => {
    const outcome = await compareMethods(ctx, op, params);
    if (typeof outcome === 'string') return sample.inconclusive(outcome);
    if (outcome) sample.expect(false, outcome);
  }, options.numRuns === undefined ? {} : { numRuns: options.numRuns });
}

// ------------------------------------------------------------------ rpp and page

/**
 * `${op}.rpp.default`: without rpp, page 1 holds the documented default number of records, for GET and POST.
 * Inconclusive when the search has no more records than the default (any default at least that large fits).
 */
export async function checkRppDefault(ctx: SearchCheckContext, op: SearchOp, baseParams: Params): Promise<void> {
  const rule = `${op}.rpp.default`;
  const { api, judge } = ctx;
  const expected = Number(defaultOf(op, 'rpp'));
  const params = { ...without(baseParams, 'rpp'), page: firstPage(op) };
  for (const method of ['GET', 'POST'] as const) {
    const wide = await api.call(op, { method, params: { ...params, rpp: maxRpp(op) } });
    if (wide.outcome !== 'success') {
      judge.inconclusive(rule, `the ${method} search with rpp=${maxRpp(op)} was refused, so the records available are unknown`, [
        { title: 'refused', actual: wide.errors, curl: wide.curl },
      ]);
      continue;
    }
    const available = recordsOf(wide).length;
    if (available <= expected) {
      judge.inconclusive(rule, `the search has only ${available} records, not more than the default rpp ${expected}`);
      continue;
    }
    const plain = await api.call(op, { method, params });
    judge.check(rule, plain.outcome === 'success' && recordsOf(plain).length === expected, {
      title: `${method} without rpp returns a page of ${expected} records (${available} available)`,
      expected, actual: plain.outcome === 'success' ? recordsOf(plain).length : { outcome: plain.outcome, errors: plain.errors },
      response: plain,
    });
  }
}

/** `${op}.rpp.bounds`: rpp within the spec's bounds is accepted; outside (incl. non-integers) refused, not clamped. */
export async function checkRppBounds(ctx: SearchCheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const rule = `${op}.rpp.bounds`;
  const { api, judge } = ctx;
  const params = without(baseParams, 'rpp', 'page');
  const arbitrary = fc.tuple(
    fc.oneof(rppWithin(op).map((rpp) => ({ rpp, valid: true })), rppOutside(op).map((rpp) => ({ rpp, valid: false }))),
    searchMethod,
  );
  await judge.property(rule, arbitrary, async ([{ rpp, valid }, method], sample) => {
    const response = await api.call(op, { method, params: { ...params, rpp } });
    sample.expect(response.outcome === (valid ? 'success' : 'error'), {
      title: `${method} rpp=${JSON.stringify(rpp)} is ${valid ? 'accepted' : 'refused'}`,
      expected: valid ? 'success' : 'error',
      actual: response.outcome === 'success' ? { outcome: 'success', records: recordsOf(response).length, paging: response.paging } : response.outcome,
      response,
    });
  }, options.numRuns === undefined ? {} : { numRuns: options.numRuns });
}

/**
 * `${op}.rpp.page-size`: page p at rpp r holds min(r, what remains) records, i.e. never more than r and
 * exactly r while more records remain; "what remains" comes from paging the whole search at rpp max.
 */
export async function checkRppPageSize(ctx: SearchCheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const rule = `${op}.rpp.page-size`;
  const { api, judge } = ctx;
  const params = without(baseParams, 'rpp', 'page');
  const all = await searchAllIds(ctx, op, params);
  if (!all.complete) return judge.inconclusive(rule, `could not page through the search: ${all.stoppedBecause}`);
  const total = all.ids.length;
  if (total < 2) return judge.inconclusive(rule, `the search has ${total} record(s), too few to fill a page`);
  const { min } = boundsOf(op, 'rpp');
  const arbitrary = fc
    .tuple(fc.oneof(rppWithin(op), fc.integer({ min, max: Math.max(min, Math.min(maxRpp(op), total)) })), fc.nat(), searchMethod)
    .map(([rpp, n, method]) => ({ rpp, page: 1 + (n % Math.ceil(total / rpp)), method }));
  await judge.property(rule, arbitrary, async ({ rpp, page, method }, sample) => {
    const response = await api.call(op, { method, params: { ...params, rpp, page } });
    requireSuccess(response, sample, `rpp=${rpp} page=${page}`);
    const expected = Math.min(rpp, total - (page - 1) * rpp);
    const count = recordsOf(response).length;
    sample.expect(count === expected, {
      title: `page ${page} at rpp=${rpp} holds ${expected} of the ${total} records (at most rpp, exactly rpp while more remain)`,
      expected, actual: count, response,
    });
  }, options.numRuns === undefined ? {} : { numRuns: options.numRuns });
}

/** `${op}.page.default`: without page the records of page=1 come back (same IDs, same order). */
export async function checkPageDefault(ctx: SearchCheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const rule = `${op}.page.default`;
  const { api, judge } = ctx;
  const params = without(baseParams, 'page');
  const arbitrary = fc.tuple(fc.option(rppForPaging(op), { nil: undefined }), searchMethod);
  await judge.property(rule, arbitrary, async ([rpp, method], sample) => {
    const withRpp = rpp === undefined ? params : { ...params, rpp };
    const plain = await api.call(op, { method, params: withRpp });
    const first = await api.call(op, { method, params: { ...withRpp, page: 1 } });
    requireSuccess(first, sample, 'page=1');
    const firstIds = idsOf(op, recordsOf(first));
    if (firstIds.length === 0) sample.inconclusive('the search returned no records');
    const plainIds = plain.outcome === 'success' ? idsOf(op, recordsOf(plain)) : [];
    sample.expect(plain.outcome === 'success' && sameSequence(plainIds, firstIds), {
      title: `${method} without page returns the records of page=1${rpp === undefined ? '' : ` (rpp=${rpp})`}`,
      expected: firstIds, actual: plain.outcome === 'success' ? plainIds : { outcome: plain.outcome, errors: plain.errors },
      response: plain, note: describeDifference(firstIds, plainIds),
    });
  }, { numRuns: options.numRuns ?? 6 });
}

/** `${op}.page.minimum`: page below the minimum, non-integer or non-numeric is refused. */
export async function checkPageMinimum(ctx: SearchCheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const rule = `${op}.page.minimum`;
  const { api, judge } = ctx;
  const params = without(baseParams, 'page');
  await judge.property(rule, fc.tuple(pageOutside(op), searchMethod), async ([page, method], sample) => {
    const response = await api.call(op, { method, params: { ...params, page } });
    sample.expect(response.outcome === 'error', {
      title: `${method} page=${JSON.stringify(page)} is refused`,
      expected: 'error',
      actual: response.outcome === 'success' ? { outcome: 'success', paging: response.paging } : response.outcome,
      response,
    });
  }, options.numRuns === undefined ? {} : { numRuns: options.numRuns });
}

/** The `page` query parameter of a paging link, when the link is a URL that carries one. */
function linkedPage(link: string, base: string): number | undefined {
  try {
    const value = new URL(link, base).searchParams.get('page');
    return value === null || !/^\d+$/.test(value) ? undefined : Number(value);
  } catch {
    return undefined;
  }
}

/**
 * `${op}.paging.totals`: paging through at an rpp giving 1 to 8 pages: pages are disjoint, their union has
 * totalRecords records, totalPages = ceil(totalRecords / rpp) (0 or 1 for no records), totalRecords is the
 * same on every page, next is set exactly below the last page and prev exactly after the first (when the
 * profile has them; a link carrying a page parameter points at the neighbour).
 */
export async function checkPagingTotals(ctx: SearchCheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const rule = `${op}.paging.totals`;
  const { api, judge, target } = ctx;
  const params = without(baseParams, 'rpp', 'page');
  const all = await searchAllIds(ctx, op, params);
  if (!all.complete) return judge.inconclusive(rule, `could not page through the search: ${all.stoppedBecause}`);
  const total = all.ids.length;
  if (total < 2) return judge.inconclusive(rule, `the search has ${total} record(s), too few for several pages`);
  const maxPages = 8;
  const { min } = boundsOf(op, 'rpp');
  const lo = Math.max(min, Math.ceil(total / maxPages));
  const hi = Math.max(lo, Math.min(maxRpp(op), total - 1));
  const divisors = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i).filter((r) => total % r === 0);
  const rpps = [fc.integer({ min: lo, max: hi }), fc.constant(maxRpp(op)), ...(divisors.length > 0 ? [fc.constantFrom(...divisors)] : [])];

  await judge.property(rule, fc.tuple(fc.oneof(...rpps), searchMethod), async ([rpp, method], sample) => {
    const seen = new Set<unknown>();
    let totalRecords: number | undefined;
    let totalPages: number | undefined;
    for (let page = 1; page <= (totalPages ?? 1) && page <= maxPages + 2; page++) {
      const response = await api.call(op, { method, params: { ...params, rpp, page } });
      requireSuccess(response, sample, `page ${page} at rpp=${rpp}`);
      const paging = response.paging ?? {};
      const where = `page ${page} at rpp=${rpp}`;
      if (page === 1) {
        sample.expect(paging.totalRecords !== undefined && paging.totalPages !== undefined, {
          title: 'the paging block carries totalRecords and totalPages', expected: 'integers', actual: paging, response,
        });
        totalRecords = paging.totalRecords!;
        totalPages = paging.totalPages!;
        // The page size the target reports (a capped page size is rpp.page-size's business, not this rule's).
        const size = paging.rpp ?? rpp;
        const expectedPages = Math.ceil(totalRecords / size);
        sample.expect(totalPages === expectedPages || (totalRecords === 0 && totalPages <= 1), {
          title: `totalPages is ceil(totalRecords / rpp) = ceil(${totalRecords} / ${size})`, expected: expectedPages, actual: totalPages, response,
        });
      }
      sample.expect(paging.totalRecords === totalRecords && paging.totalPages === totalPages, {
        title: `${where} reports the same totals as page 1`,
        expected: { totalRecords, totalPages }, actual: { totalRecords: paging.totalRecords, totalPages: paging.totalPages }, response,
      });
      if (paging.page !== undefined) sample.expect(paging.page === page, { title: `${where} reports page ${page}`, expected: page, actual: paging.page, response });
      for (const [name, link, exists, neighbour] of [
        ['next', paging.next, page < totalPages!, page + 1],
        ['prev', paging.prev, page > 1, page - 1],
      ] as const) {
        if (link === undefined) continue;
        sample.expect((link !== '') === exists, {
          title: `${where}: ${name} is ${exists ? 'a link' : 'empty'} (totalPages ${totalPages})`, expected: exists ? 'a link' : '', actual: link, response,
        });
        const linked = link === '' ? undefined : linkedPage(link, target.baseUrl);
        if (linked !== undefined) sample.expect(linked === neighbour, { title: `${where}: ${name} links to page ${neighbour}`, expected: neighbour, actual: link, response });
      }
      for (const id of idsOf(op, recordsOf(response))) {
        sample.expect(!seen.has(id), { title: `${where} repeats ${idField(op)} ${String(id)} of an earlier page (pages are disjoint)`, expected: 'a new ID', actual: id, response });
        seen.add(id);
      }
    }
    sample.expect(seen.size === totalRecords, {
      title: `the ${totalPages} pages at rpp=${rpp} hold totalRecords (${totalRecords}) records together`, expected: totalRecords, actual: seen.size,
    });
  }, { numRuns: options.numRuns ?? 6 });
}

// ------------------------------------------------------------------ sorting

export interface SortOutcome {
  sortField: string;
  sortDirection: string;
  verdict: 'pass' | 'fail' | 'inconclusive';
  reason: string;
  response: ApiResponse;
}

/** Orders one page (rpp max) by sortField/sortDirection and judges it by the field's documented kind. */
export async function judgeSortedPage(ctx: SearchCheckContext, op: SearchOp, params: Params, sortField: string, sortDirection?: string): Promise<SortOutcome> {
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
export function judgeOrderOf(ctx: SearchCheckContext, op: SearchOp, response: ApiResponse, field: string, direction: Direction, label: string = direction): SortOutcome {
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
 * `${op}.sort.order`: every sortField × sortDirection of the spec orders the page by the field's kind.
 * Folds: fail if any combination fails, else inconclusive if any could not be judged.
 */
export async function checkSortOrder(ctx: SearchCheckContext, op: SearchOp, baseParams: Params): Promise<void> {
  const rule = `${op}.sort.order`;
  const params = without(baseParams, 'sortField', 'sortDirection', 'rpp', 'page');
  const outcomes: SortOutcome[] = [];
  for (const { sortField, sortDirection } of sortCombinations(op)) outcomes.push(await judgeSortedPage(ctx, op, params, sortField, sortDirection));
  recordSortOutcomes(ctx.judge, rule, outcomes);
}

/** Records the folded verdict of several sort outcomes for one rule. */
export function recordSortOutcomes(judge: Judge, rule: string, outcomes: SortOutcome[]): void {
  const failed = outcomes.filter((o) => o.verdict === 'fail');
  const unjudged = outcomes.filter((o) => o.verdict === 'inconclusive');
  if (failed.length > 0) {
    judge.fail(rule, failed.map((o) => o.reason).join('; '), failed.map((o) => ({
      title: o.reason, request: { method: o.response.method, url: o.response.url }, curl: o.response.curl,
    })));
  } else if (unjudged.length > 0) {
    judge.inconclusive(rule, unjudged.map((o) => o.reason).join('; '));
  } else {
    judge.pass(rule, `${outcomes.length} orders judged`);
  }
}

// ------------------------------------------------------------------ enums

/** An unknown value for a parameter, wrapped in a list (alone or after an allowed value) when the parameter is an array. */
function unknownFor(op: SearchOp, name: string): fc.Arbitrary<unknown> {
  const value = unknownValue(op, name);
  if (param(op, name).type !== 'array') return value;
  return fc.oneof(value.map((v) => [v]), fc.tuple(fc.constantFrom(...allowedValues(op, name)), value).map(([a, v]) => [a, v]));
}

/**
 * `${op}.enums.reject-unknown`: a value outside the allowed values of each enum parameter is refused.
 * Each parameter is tried once deterministically (first allowed value + "x"), then a property varies them.
 */
export async function checkEnumsRejectUnknown(
  ctx: SearchCheckContext,
  op: SearchOp,
  enumParams: string[],
  baseParams: Params,
  options: { numRuns?: number } = {},
): Promise<void> {
  const rule = `${op}.enums.reject-unknown`;
  const { api, judge } = ctx;
  for (const name of enumParams) {
    const near = `${allowedValues(op, name)[0]}x`;
    const value = param(op, name).type === 'array' ? [near] : near;
    const response = await api.call(op, { params: { ...baseParams, [name]: value } });
    judge.check(rule, response.outcome === 'error', {
      title: `${name}=${JSON.stringify(value)} is refused`, expected: 'error', actual: response.outcome, response,
    });
  }
  const arbitrary = fc.tuple(fc.constantFrom(...enumParams).chain((name) => unknownFor(op, name).map((value) => ({ name, value }))), searchMethod);
  await judge.property(rule, arbitrary, async ([{ name, value }, method], sample) => {
    const response = await api.call(op, { method, params: { ...baseParams, [name]: value } });
    sample.expect(response.outcome === 'error', {
      title: `${method} ${name}=${JSON.stringify(value)} is refused`, expected: 'error', actual: response.outcome, response,
    });
  }, options.numRuns === undefined ? {} : { numRuns: options.numRuns });
}

// ------------------------------------------------------------------ filters

/** Searches of one check, each paged through once (keyed by its parameters). */
type SearchCache = Map<string, Promise<SearchAllIds>>;

function cachedSearch(ctx: SearchCheckContext, op: SearchOp, params: Params, cache: SearchCache): Promise<SearchAllIds> {
  const key = JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
  let found = cache.get(key);
  if (!found) {
    found = searchAllIds(ctx, op, params);
    cache.set(key, found);
  }
  return found;
}

/**
 * One metamorphic comparison: the search with `set` against the search with `set` minus `added`. Returns
 * the evidence of a deviation, a reason when it could not be judged, or undefined when it holds. Every
 * record of the narrower search must satisfy each filter of `set` that has a predicate, unless that filter
 * alone already returns misfits (then the comparison is unjudged: the filter's own rule reports it).
 */
async function subsetDeviation(
  ctx: SearchCheckContext,
  op: SearchOp,
  baseParams: Params,
  set: Params,
  added: string,
  predicates: Partial<Record<string, RecordPredicate>>,
  cache: SearchCache,
): Promise<undefined | string | SampleEvidence> {
  const id = idField(op);
  const wider = await cachedSearch(ctx, op, { ...baseParams, ...without(set, added) }, cache);
  const narrower = await cachedSearch(ctx, op, { ...baseParams, ...set }, cache);
  for (const result of [wider, narrower]) if (!result.complete) return `could not page through a search: ${result.stoppedBecause}`;
  const last = narrower.pages.at(-1)!;
  const known = new Set(wider.ids);
  const extra = narrower.records.filter((r) => !known.has(r[id]));
  if (extra.length > 0) {
    return {
      title: `adding ${added}=${JSON.stringify(set[added])} to ${JSON.stringify(without(set, added))} returns records the search without it lacks`,
      expected: `a subset of the ${wider.ids.length} records without ${added}`,
      actual: { unexpected: extra.slice(0, 5).map((r) => ({ [id]: r[id], ...pick(r, Object.keys(set)) })), count: extra.length },
      response: last,
    };
  }
  for (const [name, value] of Object.entries(set)) {
    const satisfies = predicates[name];
    if (!satisfies) continue;
    const misfits = narrower.records.filter((r) => !satisfies(r, value));
    if (misfits.length === 0) continue;
    // A filter that misbehaves on its own is its own rule's failure; this rule judges what combining adds.
    const alone = await cachedSearch(ctx, op, { ...baseParams, [name]: value }, cache);
    if (!alone.complete || alone.records.some((r) => !satisfies(r, value))) {
      return `${name}=${JSON.stringify(value)} alone returns records that do not satisfy it (judged by the filter's own rule)`;
    }
    if (misfits.length > 0) {
      return {
        title: `a record returned for ${JSON.stringify(set)} does not satisfy ${name}=${JSON.stringify(value)}`,
        expected: `every record satisfies ${name}`, actual: { misfits: misfits.slice(0, 5), count: misfits.length }, response: last,
      };
    }
  }
  return undefined;
}

/**
 * `${op}.filters.subset` (metamorphic): adding a filter to a search returns no record the search without it
 * lacks, and every record returned satisfies each filter that has a predicate in `recordSatisfies` (when that
 * filter alone returns only records satisfying it: combining filters must not break one). First a
 * sweep over every filter alone and every pair of filters (each added to the other; `pairDraws` value draws
 * per pair), then a property over larger sets. Filters are built from discovered `candidates`; searches are
 * paged through at rpp max. Keep filters whose default is itself a filter (e.g. status) in baseParams at
 * their widest value, so that dropping one never narrows the search.
 */
export async function checkFiltersSubset(
  ctx: SearchCheckContext,
  op: SearchOp,
  candidates: FilterCandidates,
  baseParams: Params,
  recordSatisfies: Partial<Record<string, RecordPredicate>> = {},
  options: { numRuns?: number; pairDraws?: number } = {},
): Promise<void> {
  const rule = `${op}.filters.subset`;
  const { judge } = ctx;
  const cache: SearchCache = new Map();
  const keys = Object.keys(candidates).filter((k) => (candidates[k] ?? []).length > 0);
  if (keys.length === 0) return judge.inconclusive(rule, 'no filter has a candidate value');

  const draw = (key: string, n: number): unknown => {
    const values = candidates[key]!;
    return values[(ctx.target.seed + n * 7919 + key.length) % values.length];
  };
  const comparisons: Array<{ set: Params; added: string }> = [];
  for (let n = 0; n < (options.pairDraws ?? 2); n++) {
    for (const a of keys) {
      comparisons.push({ set: { [a]: draw(a, n) }, added: a });
      for (const b of keys.filter((k) => k > a)) {
        const set = { [a]: draw(a, n), [b]: draw(b, n + 1) };
        comparisons.push({ set, added: a }, { set, added: b });
      }
    }
  }
  const unjudged: string[] = [];
  let judged = 0;
  let failed = false;
  for (const { set, added } of comparisons) {
    const deviation = await subsetDeviation(ctx, op, baseParams, set, added, recordSatisfies, cache);
    if (typeof deviation === 'string') unjudged.push(deviation);
    else if (deviation && !failed) {
      failWith(judge, rule, deviation);
      failed = true;
    } else judged++;
  }
  if (judged > 0 && !failed) judge.pass(rule, `${judged} single and pairwise filter additions`);
  else if (judged === 0 && !failed) judge.inconclusive(rule, [...new Set(unjudged)].join('; '));

  const arbitrary = filterSets(candidates).chain((set) => fc.constantFrom(...Object.keys(set)).map((added) => ({ set, added })));
  await judge.property(rule, arbitrary, async ({ set, added }, sample) => {
    const deviation = await subsetDeviation(ctx, op, baseParams, set, added, recordSatisfies, cache);
    if (typeof deviation === 'string') return sample.inconclusive(deviation);
    if (deviation) sample.expect(false, deviation);
  }, { numRuns: options.numRuns ?? 10 });
}

/** The record's values of the filters that name record fields (for evidence). */
function pick(record: SearchRecord, names: string[]): SearchRecord {
  return Object.fromEntries(names.filter((name) => name in record).map((name) => [name, record[name]]));
}
