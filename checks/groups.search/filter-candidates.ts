// @silent-point groups.private-1
/** The groups/search filters as the subset check uses them: candidate values from discovered groups, and record predicates. */
import fc from 'fast-check';
import { nameFragment, type FilterCandidates } from '../../generators';
import { containsText, readBoolean, referencedID } from '../../harness/oracles';
import type { RecordPredicate, SearchRecord } from '../../drivers';
import { groupId, nameOf } from './discovery';
import { filterValues, matchesValue } from './group-filters';

/** Predicates of the filters whose meaning a record shows (userID: "has access to" is not in the record). */
export const GROUP_PREDICATES: Record<string, RecordPredicate> = {
  groupName: (g, v) => containsText(nameOf(g), String(v)),
  status: (g, v) => matchesValue(g, 'status', v),
  type: (g, v) => matchesValue(g, 'type', v),
  // Only private=0 is documented ("Passing 0 returns groups displayed ..."); what private=1 selects is silent.
  private: (g, v) => (v === false ? readBoolean(g.private) === false : true),
  groupIDs: (g, v) => Array.isArray(v) && v.includes(groupId(g)),
};

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
