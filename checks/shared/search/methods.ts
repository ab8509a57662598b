/** GET and POST of a search agree: same parameters, same records in the same order (ties aside: no tie-break is documented). */
import fc from 'fast-check';
import type { CheckContext, SampleEvidence } from '../../../harness/core';
import { describeDifference, sameUpToTies } from '../../../harness/oracles';
import { allowedValues, rppWithin, sortCombinations } from '../../../generators';
import { firstPage, idsOf, maxRpp, orderedEntries, recordsOf, type Params, type SearchOp } from './records';
import { failWith, runsOption } from './samples';

/**
 * GET then POST with the same parameters; when the ID lists differ, GET is asked again: if the two GETs
 * differ too, the data moved (volatile member counts) and the pair is retried, at most 3 times.
 * Returns undefined when they agree, the evidence when they do not, or a reason when nothing could be judged.
 */
async function compareMethods(ctx: CheckContext, op: SearchOp, params: Params): Promise<undefined | string | SampleEvidence> {
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
    const entries = (response: typeof get) => orderedEntries(op, recordsOf(response), params);
    if (sameUpToTies(entries(get), entries(post))) return undefined;
    const again = await api.call(op, { method: 'GET', params });
    if (sameUpToTies(entries(get), entries(again))) {
      return {
        title: `POST returns the same records in the same order as GET, ties aside (${JSON.stringify(params)})`,
        expected: getIds, actual: postIds, response: post, note: describeDifference(getIds, postIds),
      };
    }
  }
  return 'the records moved between calls three times (concurrent changes)';
}

/**
 * GET and POST with the same parameters return the same IDs in the same order. First every
 * sortField × sortDirection at rpp max (exhaustive: ties are where orders part), then a property over
 * parameter sets (sorts, rpp, page, plus `extra`, e.g. filters).
 */
export async function checkMethods(
  ctx: CheckContext,
  op: SearchOp,
  baseParams: Params,
  options: { extra?: fc.Arbitrary<Params>; numRuns?: number } = {},
): Promise<void> {
  const { judge } = ctx;
  const unjudged: string[] = [];
  let judged = 0;
  for (const sort of sortCombinations(op)) {
    const outcome = await compareMethods(ctx, op, { ...baseParams, ...sort, rpp: maxRpp(op), page: firstPage(op) });
    if (typeof outcome === 'string') unjudged.push(`${sort.sortField} ${sort.sortDirection}: ${outcome}`);
    else if (outcome) failWith(judge, outcome);
    else judged++;
  }
  if (judged > 0) judge.pass(`${judged} sort orders compared`);
  else judge.inconclusive(unjudged.join('; '));

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
  await judge.property(arbitrary, async (params, sample) => {
    const outcome = await compareMethods(ctx, op, params);
    if (typeof outcome === 'string') return sample.inconclusive(outcome);
    if (outcome) sample.expect(false, outcome);
  }, runsOption(options.numRuns));
}
