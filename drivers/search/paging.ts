/**
 * Drivers of rpp and page of a search: the default page size, its bounds, what a page holds, the default
 * and minimum page. They send and decide nothing: each rule's judge (checks/shared/judges) reads the answers.
 */
import fc from 'fast-check';
import type { CheckContext } from '../../harness/check';
import { boundsOf, pageOutside, rppEdgeCases, rppForPaging, rppOutside, rppWithin, searchMethod } from '../../generators';
import { firstPage, maxRpp, without } from './records';
import { runsOption } from './samples';
import { searchAllIds } from './search-all';
import { type Params, type SearchOp } from '../../harness/model';

/**
 * Drives rpp.default: the search read whole at rpp max (what it holds: the judge's oracle), then its
 * first page without rpp by GET and by POST.
 */
export async function driveRppDefault(ctx: CheckContext, op: SearchOp, baseParams: Params): Promise<void> {
  const params = without(baseParams, 'rpp', 'page');
  await searchAllIds(ctx, op, params);
  for (const method of ['GET', 'POST'] as const) await ctx.api.call(op, { method, params: { ...params, page: firstPage(op) } });
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
 * Drives rpp.page-size: the search read whole at rpp max (how many records remain after each page: the
 * judge's oracle), then drawn pages at, inside and past the last one, at drawn rpp values, by both methods.
 */
export async function driveRppPageSize(ctx: CheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const params = without(baseParams, 'rpp', 'page');
  const all = await searchAllIds(ctx, op, params);
  const total = Math.max(1, all.ids.length);
  const { min } = boundsOf(op, 'rpp');
  const arbitrary = fc
    .tuple(fc.oneof(rppWithin(op), fc.integer({ min, max: Math.max(min, Math.min(maxRpp(op), total)) })), fc.nat(), searchMethod)
    .map(([rpp, n, method]) => ({ rpp, page: 1 + (n % (Math.ceil(total / rpp) + 1)), method }));
  await ctx.explore(arbitrary, ({ rpp, page, method }) => ctx.api.call(op, { method, params: { ...params, rpp, page } }), runsOption(options.numRuns));
}

/** Drives page.default: the same request without page and with page=1, at drawn rpp (or none), by both methods. */
export async function drivePageDefault(ctx: CheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const params = without(baseParams, 'page');
  const arbitrary = fc.tuple(fc.option(rppForPaging(op), { nil: undefined }), searchMethod);
  await ctx.explore(arbitrary, async ([rpp, method]) => {
    const withRpp = rpp === undefined ? params : { ...params, rpp };
    await ctx.api.call(op, { method, params: withRpp });
    await ctx.api.call(op, { method, params: { ...withRpp, page: firstPage(op) } });
  }, { numRuns: options.numRuns ?? Math.min(6, ctx.target.runs) });
}

/** One page of each part page.minimum names (0, a negative, a fraction, a non-number), then drawn ones, by both methods. */
export async function drivePageMinimum(ctx: CheckContext, op: SearchOp, baseParams: Params, options: { numRuns?: number } = {}): Promise<void> {
  const params = without(baseParams, 'page');
  const min = firstPage(op);
  const send = (page: number | string, method: 'GET' | 'POST') => ctx.api.call(op, { method, params: { ...params, page } });
  // The same search accepted first, so a refusal can be read as about the page (the judge's fitRequest).
  await ctx.api.call(op, { params });
  for (const [index, page] of [min - 1, min - 2, min + 0.5, 'abc'].entries()) await send(page, index % 2 === 0 ? 'GET' : 'POST');
  await ctx.explore(fc.tuple(pageOutside(op), searchMethod), ([page, method]) => send(page, method), runsOption(options.numRuns));
}
