/** The groups/search filter combinations the area's checks send, for the paging totals rule. */
import { allowedValues, sparseFilterSets, type FilterCandidates } from '../../generators';
import type { PagingCombinations } from '../../drivers';
import { filterCandidates } from './filter-candidates';
import { everyGroup, OP } from './group-filters';
import { type Params, type SearchRecord } from '../../harness/model';

/**
 * Walked each: no filter (the defaults: status Active, type All), every group, each allowed status and
 * type value alone, private 0 and 1. Drawn: any of status, type and private (every allowed value), now and
 * then with a userID, a groupName fragment or a list of groupIDs seen in the target's groups.
 */
export function groupPagingCombinations(groups: readonly SearchRecord[]): PagingCombinations {
  const candidates: FilterCandidates = { ...filterCandidates(groups), status: allowedValues(OP, 'status'), type: allowedValues(OP, 'type') };
  const alone = (name: string): Params[] => (candidates[name] ?? []).map((value) => ({ [name]: value }));
  return {
    each: [{}, everyGroup(), ...alone('status'), ...alone('type'), ...alone('private')],
    drawn: sparseFilterSets(candidates, { userID: 5, groupName: 5, groupIDs: 8 }),
  };
}
