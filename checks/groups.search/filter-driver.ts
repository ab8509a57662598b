/**
 * The driver of a groups/search filter rule (or a default's): it sends, and decides nothing. It walks
 * each plain case of the rule's statement and the search it is compared with, then explores: requests
 * drawn over every documented parameter (generators/search-requests.ts) with the rule's filter given (or
 * its parameter left out), each sent as drawn (any page, rpp, order and method) and its filters walked
 * whole beside the same search with the filter widened or left out. The rule's judge is the oracle that
 * shrinks a failing draw (ctx.explore).
 */
import fc from 'fast-check';
import type { ExploredRequest } from '../../generators';
import type { CheckContext } from '../../harness/check';
import type { HttpMethod } from '../../harness/types';
import { searchAllIds, sendExplored, without } from '../../drivers';
import { discoverGroups, groupId, integerIds } from './discovery';
import { groupsRequests } from './exploration';
import { OP } from './group-filters';
import { type Params, type SearchRecord } from '../../harness/model';

/** What a filter rule's driver gives and compares. */
export interface FilterFocus {
  /** The parameter the rule is about. */
  param: string;
  /** Values to give it, read from the target's groups (undefined: leave it out); a reason when there is none. */
  values(groups: readonly SearchRecord[]): fc.Arbitrary<unknown> | string;
  /** The search a walk with the filter is compared with: the same filters with this one widened or left out. */
  reference(params: Params): Params;
  /** The plain cases of the rule's statement, each walked whole beside its reference before the exploration. */
  cases(groups: readonly SearchRecord[]): Params[];
}

/** Parameters that choose a page and its order, not which groups a search holds. */
const PAGE_AND_ORDER = ['page', 'rpp', 'sortField', 'sortDirection'];

/** The drawn request with the rule's parameter set to the value (left out when undefined). */
const focused = (request: ExploredRequest, param: string, value: unknown): ExploredRequest => ({
  ...request,
  params: value === undefined ? without(request.params, param) : { ...request.params, [param]: value },
});

/** Explored draws per rule: three fifths of the run's EMS_RUNS, at least 5 (each draw sends about four requests: as drawn, and two walks). */
const drawsOf = (ctx: CheckContext): number => Math.max(5, Math.ceil((3 * ctx.target.runs) / 5));

/** How many of a large account's groups narrow its searches (groupIDs): a page at rpp max holds them all. */
const NARROWING_IDS = 60;

/**
 * A large account's narrowing list: groups of the sample discovery read, spread over it (the first groups
 * included), or undefined when discovery read every group (the searches are then read whole as they are).
 */
export function narrowingIds(found: { groups: readonly SearchRecord[]; complete: boolean }): number[] | undefined {
  if (found.complete) return undefined;
  const ids = integerIds(found.groups);
  const step = Math.max(1, Math.floor(ids.length / NARROWING_IDS));
  return ids.filter((_, i) => i % step === 0).slice(0, NARROWING_IDS);
}

/**
 * On a large account (discovery could not read every group) each search a filter rule compares is narrowed to
 * the same list of groups (groupIDs), the search with the filter and the one without it alike: both fit a
 * page and are read whole, and the judge compares them exactly as it compares the whole searches of a small
 * account (the same records by groupIDs as by the filter). The groupIDs rule's own searches are not narrowed:
 * their reference (without groupIDs) is read as far as WHOLE_READ_PAGES, a sample the judge compares with.
 */
export async function driveFilter(ctx: CheckContext, focus: FilterFocus): Promise<void> {
  const found = await discoverGroups(ctx);
  if (found.groups.length === 0) return;
  const narrowing = focus.param === 'groupIDs' ? undefined : narrowingIds(found);
  const narrow = (params: Params): Params => (narrowing && params.groupIDs === undefined ? { ...params, groupIDs: narrowing } : params);
  // Values are read from the groups the searches are narrowed to, so that they select some of them.
  const groups = narrowing ? found.groups.filter((group) => narrowing.includes(groupId(group) as number)) : found.groups;
  const walkWhole = (params: Params, method?: HttpMethod) => searchAllIds(ctx, OP, params, method ? { method } : {});
  const walked = new Set<string>();
  for (const params of focus.cases(groups).map(narrow)) {
    for (const search of [params, focus.reference(params)]) {
      const key = JSON.stringify(search);
      if (walked.has(key)) continue;
      walked.add(key);
      await walkWhole(search);
    }
  }
  const requests = groupsRequests(groups);
  const values = focus.values(groups);
  if (typeof requests === 'string' || typeof values === 'string') return;
  const arbitrary = fc.tuple(requests, values).map(([request, value]) => focused(request, focus.param, value));
  await ctx.explore(arbitrary, async (request) => {
    await sendExplored(ctx.api, OP, request);
    const filters = narrow(without(request.params, ...PAGE_AND_ORDER));
    await walkWhole(filters, request.method);
    await walkWhole(focus.reference(filters), request.method);
  }, { numRuns: drawsOf(ctx) });
}
