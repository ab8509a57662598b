/** The exploring driver of groups/search: requests over every documented parameter, text cut from the target's group names. */
import fc from 'fast-check';
import { exploredRequests, textProbe } from '../../generators';
import { referencedID } from '../../harness/oracles';
import { explorationOf } from '../shared/search';
import { discoverGroups, fragmentableNames, groupId } from './discovery';
import { OP } from './group-filters';

export const groupsExploration = explorationOf('groups/search explored over its documented parameters', OP, async (ctx) => {
  const found = await discoverGroups(ctx);
  if (!found.complete) return `could not page through every group: ${found.stoppedBecause}`;
  const ids = found.groups.map(groupId).filter((id): id is number => typeof id === 'number');
  const owners = [...new Set(found.groups.map((g) => referencedID(g.userID)).filter((u): u is number => u !== undefined))];
  if (ids.length === 0) return 'the target has no group with an integer ID';
  // An ID no group has, now and then in a list (a listed ID that does not exist selects nothing).
  const absent = Math.max(...ids) + 1000;
  return exploredRequests(OP, {
    values: {
      groupName: textProbe(fragmentableNames(found.groups)),
      groupIDs: fc.tuple(fc.subarray(ids, { minLength: 1, maxLength: 5 }), fc.boolean()).map(([listed, withAbsent]) => (withAbsent ? [...listed, absent] : listed)),
      ...(owners.length > 0 ? { userID: fc.constantFrom(...owners) } : {}),
    },
    ...(owners.length > 0 ? {} : { unexplored: { userID: 'no group names the user it belongs to' } }),
    omitWeights: { groupIDs: 4, userID: 3, private: 2 },
  });
});
