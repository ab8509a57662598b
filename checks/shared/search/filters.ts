/** Filters of a search combine as subsets (metamorphic): adding one never widens the search nor breaks another. */
import fc from 'fast-check';
import type { CheckContext, SampleEvidence } from '../../../harness/core';
import { filterSets, type FilterCandidates } from '../../../generators';
import { idField, without, type Params, type RecordPredicate, type SearchOp, type SearchRecord } from './records';
import { failWith } from './samples';
import { searchAllIds, type SearchAllIds } from './search-all';

/** Searches of one check, each paged through once (keyed by its parameters). */
type SearchCache = Map<string, Promise<SearchAllIds>>;

function cachedSearch(ctx: CheckContext, op: SearchOp, params: Params, cache: SearchCache): Promise<SearchAllIds> {
  const key = JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
  let found = cache.get(key);
  if (!found) {
    found = searchAllIds(ctx, op, params);
    cache.set(key, found);
  }
  return found;
}

/** The record's values of the filters that name record fields (for evidence). */
function pick(record: SearchRecord, names: string[]): SearchRecord {
  return Object.fromEntries(names.filter((name) => name in record).map((name) => [name, record[name]]));
}

/**
 * One metamorphic comparison: the search with `set` against the search with `set` minus `added`. Returns
 * the evidence of a deviation, a reason when it could not be judged, or undefined when it holds. Every
 * record of the narrower search must satisfy each filter of `set` that has a predicate, unless that filter
 * alone already returns misfits (then the comparison is unjudged: the filter's own rule reports it).
 */
async function subsetDeviation(
  ctx: CheckContext,
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
    return {
      title: `a record returned for ${JSON.stringify(set)} does not satisfy ${name}=${JSON.stringify(value)}`,
      expected: `every record satisfies ${name}`, actual: { misfits: misfits.slice(0, 5), count: misfits.length }, response: last,
    };
  }
  return undefined;
}

/** Every filter alone and every pair of filters (each added to the other), `pairDraws` value draws per pair. */
function sweep(ctx: CheckContext, candidates: FilterCandidates, keys: string[], pairDraws: number): Array<{ set: Params; added: string }> {
  const draw = (key: string, n: number): unknown => {
    const values = candidates[key]!;
    return values[(ctx.target.seed + n * 7919 + key.length) % values.length];
  };
  const comparisons: Array<{ set: Params; added: string }> = [];
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
 * Adding a filter to a search returns no record the search without it lacks, and every record returned
 * satisfies each filter that has a predicate in `recordSatisfies` (when that filter alone returns only
 * records satisfying it: combining filters must not break one). First a sweep over every filter alone and
 * every pair of filters, then a property over larger sets. Filters are built from discovered `candidates`;
 * searches are paged through at rpp max. Keep filters whose default is itself a filter (e.g. status) in
 * baseParams at their widest value, so that dropping one never narrows the search.
 */
export async function checkFiltersSubset(
  ctx: CheckContext,
  op: SearchOp,
  candidates: FilterCandidates,
  baseParams: Params,
  recordSatisfies: Partial<Record<string, RecordPredicate>> = {},
  options: { numRuns?: number; pairDraws?: number } = {},
): Promise<void> {
  const { judge } = ctx;
  const cache: SearchCache = new Map();
  const keys = Object.keys(candidates).filter((k) => (candidates[k] ?? []).length > 0);
  if (keys.length === 0) return judge.inconclusive('no filter has a candidate value');

  const unjudged: string[] = [];
  let judged = 0;
  let failed = false;
  for (const { set, added } of sweep(ctx, candidates, keys, options.pairDraws ?? 2)) {
    const deviation = await subsetDeviation(ctx, op, baseParams, set, added, recordSatisfies, cache);
    if (typeof deviation === 'string') unjudged.push(deviation);
    else if (deviation && !failed) {
      failWith(judge, deviation);
      failed = true;
    } else judged++;
  }
  if (judged > 0 && !failed) judge.pass(`${judged} single and pairwise filter additions`);
  else if (judged === 0 && !failed) judge.inconclusive([...new Set(unjudged)].join('; '));

  const arbitrary = filterSets(candidates).chain((set) => fc.constantFrom(...Object.keys(set)).map((added) => ({ set, added })));
  await judge.property(arbitrary, async ({ set, added }, sample) => {
    const deviation = await subsetDeviation(ctx, op, baseParams, set, added, recordSatisfies, cache);
    if (typeof deviation === 'string') return sample.inconclusive(deviation);
    if (deviation) sample.expect(false, deviation);
  }, { numRuns: options.numRuns ?? Math.min(10, ctx.target.runs) });
}
