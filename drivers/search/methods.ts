/** Drives GET and POST of a search with the same parameters (the judge: judgeMethods in checks/shared/judges/methods.ts). */
import fc from 'fast-check';
import type { ApiResponse, CheckContext } from '../../harness/check';
import { sameUpToTies } from '../../harness/oracles';
import { allowedValues, rppWithin, sortCombinations } from '../../generators';
import { firstPage, maxRpp } from './records';
import { runsOption } from './samples';
import { orderedEntries, recordsOf, type Params, type SearchOp } from '../../harness/model';

/**
 * GET then POST with the same parameters; when their records differ, GET again (the judge tells a
 * deviation from data that moved by the two GETs around the POST), the pair at most 3 times.
 */
async function sendBoth(ctx: CheckContext, op: SearchOp, params: Params): Promise<void> {
  const { api } = ctx;
  const entries = (response: ApiResponse) => orderedEntries(op, recordsOf(response), params);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const get = await api.call(op, { method: 'GET', params });
    const post = await api.call(op, { method: 'POST', params });
    if (get.outcome !== 'success' || post.outcome !== 'success' || sameUpToTies(entries(get), entries(post))) return;
    const again = await api.call(op, { method: 'GET', params });
    if (sameUpToTies(entries(get), entries(again))) return;
  }
}

/**
 * Every sortField × sortDirection at rpp max by both methods (exhaustive: ties are where orders part),
 * then drawn parameter sets (sorts, rpp, page, plus `extra`, e.g. filters). Decides nothing.
 */
export async function driveMethods(
  ctx: CheckContext,
  op: SearchOp,
  baseParams: Params,
  options: { extra?: fc.Arbitrary<Params>; numRuns?: number } = {},
): Promise<void> {
  for (const sort of sortCombinations(op)) await sendBoth(ctx, op, { ...baseParams, ...sort, rpp: maxRpp(op), page: firstPage(op) });
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
  await ctx.explore(arbitrary, (params) => sendBoth(ctx, op, params), runsOption(options.numRuns));
}
