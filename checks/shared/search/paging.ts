/** rpp and page of a search: the default page size, its bounds, what a page holds, the default and minimum page. */
import fc from 'fast-check';
import type { CheckContext } from '../../../harness/core';
import { describeDifference, sameUpToTies } from '../../../harness/oracles';
import { boundsOf, defaultOf, pageOutside, rppEdgeCases, rppForPaging, rppOutside, rppWithin, searchMethod } from '../../../generators';
import { firstPage, idsOf, maxRpp, orderedEntries, recordsOf, without, type Params, type SearchOp } from './records';
import { requireSuccess, runsOption } from './samples';
import { searchAllIds } from './search-all';

/**
 * Without rpp, page 1 holds the documented default number of records, for GET and POST.
 * Inconclusive when the search has no more records than the default (any default at least that large fits).
 */
export async function checkRppDefault(ctx: CheckContext, op: SearchOp, baseParams: Params): Promise<void> {
  const { api, judge } = ctx;
  const expected = Number(defaultOf(op, 'rpp'));
  const params = { ...without(baseParams, 'rpp'), page: firstPage(op) };
  for (const method of ['GET', 'POST'] as const) {
    const wide = await api.call(op, { method, params: { ...params, rpp: maxRpp(op) } });
    if (wide.outcome !== 'success') {
      judge.inconclusive(`the ${method} search with rpp=${maxRpp(op)} was refused, so the records available are unknown`, [
        { title: 'refused', actual: wide.errors, curl: wide.curl },
      ]);
      continue;
    }
    const available = recordsOf(wide).length;
    if (available <= expected) {
      judge.inconclusive(`the search has only ${available} records, not more than the default rpp ${expected}`);
      continue;
    }
    const plain = await api.call(op, { method, params });
    judge.check(plain.outcome === 'success' && recordsOf(plain).length === expected, {
      title: `${method} without rpp returns a page of ${expected} records (${available} available)`,
      expected, actual: plain.outcome === 'success' ? recordsOf(plain).length : { outcome: plain.outcome, errors: plain.errors },
      response: plain,
    });
  }
}

/**
 * Drives the rpp bounds: every part of the statement once (the edges: within, 0, a negative, above the
 * maximum, a non-integer), then what fast-check draws within and outside, by both methods. Decides
 * nothing: the rule's judge reads the answers (a draw it fails is shrunk).
 */
export async function driveRppBounds(ctx: CheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const { api } = ctx;
  const params = without(baseParams, 'rpp', 'page');
  const send = (rpp: number | string, method: 'GET' | 'POST') => api.call(op, { method, params: { ...params, rpp } });
  for (const [index, { rpp }] of rppEdgeCases(op).entries()) await send(rpp, index % 2 === 0 ? 'GET' : 'POST');
  const arbitrary = fc.tuple(fc.oneof(rppWithin(op), rppOutside(op)), searchMethod);
  await ctx.explore(arbitrary, ([rpp, method]) => send(rpp, method), runsOption(options.numRuns));
}

/**
 * Page p at rpp r holds min(r, what remains) records, i.e. never more than r and exactly r while more
 * records remain; "what remains" comes from paging the whole search at rpp max.
 */
export async function checkRppPageSize(ctx: CheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const { api, judge } = ctx;
  const params = without(baseParams, 'rpp', 'page');
  const all = await searchAllIds(ctx, op, params);
  if (!all.complete) return judge.inconclusive(`could not page through the search: ${all.stoppedBecause}`);
  const total = all.ids.length;
  if (total < 2) return judge.inconclusive(`the search has ${total} record(s), too few to fill a page`);
  const { min } = boundsOf(op, 'rpp');
  const arbitrary = fc
    .tuple(fc.oneof(rppWithin(op), fc.integer({ min, max: Math.max(min, Math.min(maxRpp(op), total)) })), fc.nat(), searchMethod)
    .map(([rpp, n, method]) => ({ rpp, page: 1 + (n % Math.ceil(total / rpp)), method }));
  await judge.property(arbitrary, async ({ rpp, page, method }, sample) => {
    const response = await api.call(op, { method, params: { ...params, rpp, page } });
    requireSuccess(response, sample, `rpp=${rpp} page=${page}`);
    const expected = Math.min(rpp, total - (page - 1) * rpp);
    const count = recordsOf(response).length;
    sample.expect(count === expected, {
      title: `page ${page} at rpp=${rpp} holds ${expected} of the ${total} records (at most rpp, exactly rpp while more remain)`,
      expected, actual: count, response,
    });
  }, runsOption(options.numRuns));
}

/** Without page the records of page=1 come back (same IDs, same order). */
export async function checkPageDefault(ctx: CheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const { api, judge } = ctx;
  const params = without(baseParams, 'page');
  const arbitrary = fc.tuple(fc.option(rppForPaging(op), { nil: undefined }), searchMethod);
  await judge.property(arbitrary, async ([rpp, method], sample) => {
    const withRpp = rpp === undefined ? params : { ...params, rpp };
    const plain = await api.call(op, { method, params: withRpp });
    const first = await api.call(op, { method, params: { ...withRpp, page: 1 } });
    requireSuccess(first, sample, 'page=1');
    const firstIds = idsOf(op, recordsOf(first));
    if (firstIds.length === 0) sample.inconclusive('the search returned no records');
    const plainIds = plain.outcome === 'success' ? idsOf(op, recordsOf(plain)) : [];
    // No tie-break is documented: records with equal sort values may come in another order on each call.
    const same = plain.outcome === 'success' && sameUpToTies(orderedEntries(op, recordsOf(plain), withRpp), orderedEntries(op, recordsOf(first), withRpp));
    sample.expect(same, {
      title: `${method} without page returns the records of page=1, ties aside${rpp === undefined ? '' : ` (rpp=${rpp})`}`,
      expected: firstIds, actual: plain.outcome === 'success' ? plainIds : { outcome: plain.outcome, errors: plain.errors },
      response: plain, note: describeDifference(firstIds, plainIds),
    });
  }, { numRuns: options.numRuns ?? Math.min(6, ctx.target.runs) });
}

/** page below the minimum, non-integer or non-numeric is refused. */
export async function checkPageMinimum(ctx: CheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const { api, judge } = ctx;
  const params = without(baseParams, 'page');
  await judge.property(fc.tuple(pageOutside(op), searchMethod), async ([page, method], sample) => {
    const response = await api.call(op, { method, params: { ...params, page } });
    sample.expect(response.outcome === 'error', {
      title: `${method} page=${JSON.stringify(page)} is refused`,
      expected: 'error',
      actual: response.outcome === 'success' ? { outcome: 'success', paging: response.paging } : response.outcome,
      response,
    });
  }, runsOption(options.numRuns));
}
