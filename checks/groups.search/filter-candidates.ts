// @silent-point groups.userID-access
/** The groups/search filters as the subset check uses them: candidate values from discovered groups. */
import fc from 'fast-check';
import { nameFragment, type FilterCandidates } from '../../generators';
import { referencedID } from '../../harness/oracles';
import { filterValues, type SearchRecord } from '../../harness/model';
import { groupId, nameOf } from './discovery';

/** The filters whose reading can forbid a group (whose access a user has is silent: userID forbids none). */
export const READ_ALONE = ['groupName', 'status', 'type', 'private', 'groupIDs'];

/** Values a filter can take, read from the discovered groups (for the metamorphic subset check). */
export function filterCandidates(groups: readonly SearchRecord[]): FilterCandidates {
  const names = groups.map(nameOf).filter((n) => n.length >= 2);
  const fragments = fc.sample(nameFragment(names), { numRuns: 12, seed: 7 });
  const ids = groups.map(groupId).filter((id): id is number => typeof id === 'number');
  const userIDs = [...new Set(groups.map((g) => referencedID(g.userID)).filter((u): u is number => u !== undefined))];
  const idSets = ids.length === 0 ? [] : fc.sample(fc.subarray(ids, { minLength: 1, maxLength: 6 }), { numRuns: 6, seed: 11 });
  return {
    groupName: [...new Set(fragments)].filter((f) => f.length > 0),
    status: filterValues('status').selecting,
    type: filterValues('type').selecting,
    private: [false, true],
    userID: userIDs,
    groupIDs: idSets,
  };
}
