import type { Group } from '../data/model';
import type { Store } from '../data/store';
import type { OperationContext } from '../routes/operation';

/** The groups an import adds its contacts to and removes them from, and what it refused. */
export interface GroupChanges {
  addTo: Group[];
  removeFrom: Group[];
  warnings: string[];
}

/**
 * Static groups of groupIDs receive the contacts; Dynamic groups never do (their members come from a
 * query) and unknown IDs are skipped, each with a warning. removeGroupIDs applies to every existing group.
 */
export function resolveGroupChanges(groupIDs: number[], removeGroupIDs: number[], store: Store, { fault }: OperationContext): GroupChanges {
  const warnings: string[] = [];
  const existing = (id: number, parameter: string): Group[] => {
    const group = store.group(id);
    if (!group) warnings.push(`${parameter}: group ${id} does not exist; skipped`);
    return group ? [group] : [];
  };
  let addTo = groupIDs.flatMap((id) => existing(id, 'groupIDs')).filter((group) => {
    if (group.type === 'Static' || fault('import-dynamic-group-accepts')) return true;
    warnings.push(`groupIDs: group ${group.groupID} is Dynamic; contacts cannot be added to it`);
    return false;
  });
  if (fault('import-groups-first-only')) addTo = addTo.slice(0, 1);
  const removeFrom = fault('import-remove-ignored') ? [] : removeGroupIDs.flatMap((id) => existing(id, 'removeGroupIDs'));
  return { addTo, removeFrom, warnings };
}

/** Adds, then removes (removeFirst, import.group-in-both-lists=kept: removes, then adds: a group in both lists keeps the contact). */
export function applyGroupChanges(contactID: number, changes: GroupChanges, removeFirst = false): void {
  if (removeFirst) for (const group of changes.removeFrom) group.members.delete(contactID);
  for (const group of changes.addTo) group.members.add(contactID);
  if (!removeFirst) for (const group of changes.removeFrom) group.members.delete(contactID);
}

/**
 * Faults import-active-members-stale and import-new-active-members-stale: per group, the active contacts (existing
 * ones, created ones) imports added to it whose joining its activeMembers never counted (groups/search subtracts them).
 */
export const uncountedActive = new WeakMap<Group, number>();

/** The groups of changes.addTo that do not hold the contact yet. */
export const groupsJoined = (contactID: number, changes: GroupChanges): Group[] => changes.addTo.filter((group) => !group.members.has(contactID));
