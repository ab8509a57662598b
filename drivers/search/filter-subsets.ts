/**
 * Drives filters.subset: searches read whole, each next to the same search with a filter added (the
 * judge: judgeFiltersSubset in checks/shared/judges/filter-subsets.ts). Decides nothing.
 */
import fc from 'fast-check';
import type { CheckContext } from '../../harness/check';
import { filterSets, type FilterCandidates } from '../../generators';
import { without } from './records';
import { searchAllIds } from './search-all';
import { type Params, type SearchOp } from '../../harness/model';

/** One comparison: the search with `set`, and with `set` minus `added`. */
interface Comparison {
  set: Params;
  added: string;
}

/** Every filter alone and every pair of filters (each added to the other), `pairDraws` value draws per pair. */
function sweep(seed: number, candidates: FilterCandidates, keys: string[], pairDraws: number): Comparison[] {
  const draw = (key: string, n: number): unknown => {
    const values = candidates[key]!;
    return values[(seed + n * 7919 + key.length) % values.length];
  };
  const comparisons: Comparison[] = [];
  for (let n = 0; n < pairDraws; n++) {
    for (const a of keys) {
      comparisons.push({ set: { [a]: draw(a, n) }, added: a });
      for (const b of keys.filter((k) => k > a)) {
        const set = { [a]: draw(a, n), [b]: draw(b, n + 1) };
        comparisons.push({ set, added: a }, { set, added: b });
      }
    }
  }
  return comparisons;
}

/**
 * Reads whole the search with `set` added to `baseParams`, the one without `added`, and for each filter
 * of `alone` in the set the base with that filter alone (whether the filter misbehaves without the others).
 * `read` reads a search whole once per parameters (a cache the caller keeps, or none).
 */
async function sendComparison(base: Params, { set, added }: Comparison, alone: readonly string[], read: (params: Params) => Promise<unknown>): Promise<void> {
  await read({ ...base, ...without(set, added) });
  await read({ ...base, ...set });
  for (const name of Object.keys(set).filter((n) => alone.includes(n))) await read({ ...base, [name]: set[name] });
}

/**
 * Each filter alone and each pair of filters (from discovered `candidates`), then drawn larger sets, added
 * to `baseParams`. Keep filters whose default is itself a filter (e.g. status) in baseParams at their widest
 * value, so that dropping one never narrows the search. `alone`: the filters with a documented reading
 * (the judge checks each holds in combination where it holds alone).
 */
export async function driveFiltersSubset(
  ctx: CheckContext,
  op: SearchOp,
  candidates: FilterCandidates,
  baseParams: Params,
  alone: readonly string[] = [],
  options: { numRuns?: number; pairDraws?: number } = {},
): Promise<void> {
  const keys = Object.keys(candidates).filter((k) => (candidates[k] ?? []).length > 0);
  if (keys.length === 0) return;
  const read = new Map<string, Promise<unknown>>();
  const readOnce = (params: Params): Promise<unknown> => {
    const key = JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
    if (!read.has(key)) read.set(key, searchAllIds(ctx, op, params));
    return read.get(key)!;
  };
  for (const comparison of sweep(ctx.target.seed, candidates, keys, options.pairDraws ?? 2)) await sendComparison(baseParams, comparison, alone, readOnce);
  // Each draw reads its searches itself, so the judge sees the draw's whole comparison when it shrinks one.
  const arbitrary = filterSets(candidates).chain((set) => fc.constantFrom(...Object.keys(set)).map((added) => ({ set, added })));
  await ctx.explore(arbitrary, (comparison) => sendComparison(baseParams, comparison, alone, (params) => searchAllIds(ctx, op, params)), {
    numRuns: options.numRuns ?? Math.min(10, ctx.target.runs),
  });
}
