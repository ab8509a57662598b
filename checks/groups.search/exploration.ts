/** The exploring driver of groups/search: requests over every documented parameter, text cut from the target's group names. */
import fc from 'fast-check';
import { exploredRequests, textProbe, type ExploredRequest } from '../../generators';
import { explorationOf } from '../../drivers';
import { discoverGroups, fragmentableNames, groupOwners, integerIds } from './discovery';
import { OP } from './group-filters';
import { type SearchRecord } from '../../harness/model';

/** An ID no group has, for a list now and then (a listed ID that does not exist selects nothing). */
export const absentId = (ids: readonly number[]): number => Math.max(0, ...ids) + 1000;

/** Lists of group IDs: one to five of the target's, now and then with an ID no group has. */
export const groupIdLists = (ids: readonly number[]): fc.Arbitrary<number[]> =>
  fc.tuple(fc.subarray([...ids], { minLength: 1, maxLength: 5 }), fc.boolean()).map(([listed, withAbsent]) => (withAbsent ? [...listed, absentId(ids)] : listed));

/** Requests of groups/search over every documented parameter, values read from the target's groups; a reason when there is none to read. */
export function groupsRequests(groups: readonly SearchRecord[]): fc.Arbitrary<ExploredRequest> | string {
  const ids = integerIds(groups);
  const owners = groupOwners(groups);
  if (ids.length === 0) return 'the target has no group with an integer ID';
  return exploredRequests(OP, {
    values: {
      groupName: textProbe(fragmentableNames(groups)),
      groupIDs: groupIdLists(ids),
      ...(owners.length > 0 ? { userID: fc.constantFrom(...owners) } : {}),
    },
    ...(owners.length > 0 ? {} : { unexplored: { userID: 'no group names the user it belongs to' } }),
    omitWeights: { groupIDs: 4, userID: 3, private: 2 },
  });
}

export const groupsExploration = explorationOf('groups/search explored over its documented parameters', OP, async (ctx) => {
  // Values come from the groups read: every group of a small account, a sample of a large one's.
  const found = await discoverGroups(ctx);
  if (found.groups.length === 0) return `no group was read${found.stoppedBecause ? `: ${found.stoppedBecause}` : ''}`;
  return groupsRequests(found.groups);
});
