/** The target's groups, found by paging through the widest search, and what identifies one. */
import type { CheckContext } from '../../harness/check';
import { referencedID } from '../../harness/oracles';
import { searchAllIds } from '../../drivers';
import { everyGroup, OP } from './group-filters';
import { idField, type Params, type SearchRecord } from '../../harness/model';

export interface Discovery {
  groups: SearchRecord[];
  complete: boolean;
  stoppedBecause?: string;
}

/** The target's groups (widest status and type, rpp max): every one of a small account; a large one's first WHOLE_READ_PAGES pages, a sample (complete false). */
export async function discoverGroups(ctx: Pick<CheckContext, 'api'>, params: Params = everyGroup()): Promise<Discovery> {
  const all = await searchAllIds(ctx, OP, params);
  return { groups: all.records, complete: all.complete, ...(all.stoppedBecause ? { stoppedBecause: all.stoppedBecause } : {}) };
}

export const groupId = (group: SearchRecord): unknown => group[idField(OP)];
export const nameOf = (group: SearchRecord): string => (typeof group.groupName === 'string' ? group.groupName : '');

/** The groups' IDs that are integers. */
export const integerIds = (groups: readonly SearchRecord[]): number[] => groups.map(groupId).filter((id): id is number => typeof id === 'number');

/** The users the groups name as the one they belong to (userID). */
export const groupOwners = (groups: readonly SearchRecord[]): number[] =>
  [...new Set(groups.map((g) => referencedID(g.userID)).filter((u): u is number => u !== undefined))];

/** The names a fragment can be cut from: two characters or more, spaces aside. */
export const fragmentableNames = (groups: readonly SearchRecord[]): string[] => groups.map(nameOf).filter((n) => n.trim().length >= 2);

/** IDs of a list of groups as a set. */
export const idSet = (groups: readonly SearchRecord[]): Set<unknown> => new Set(groups.map(groupId));

/** A few groups with their ID, name and a field, for evidence. */
export const describeGroups = (groups: readonly SearchRecord[], ids: readonly unknown[], field: string) =>
  ids.slice(0, 8).map((id) => {
    const g = groups.find((x) => groupId(x) === id);
    return g ? { groupID: id, groupName: nameOf(g), [field]: g[field] } : { groupID: id };
  });
