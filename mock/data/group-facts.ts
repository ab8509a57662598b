import type { Choices } from '../choices/choices';
import type { Group } from './model';

/** records.group-never-modified=some: groups whose groupID is a multiple of this were never modified (no dateModified). */
const NEVER_MODIFIED_EVERY = 5;
/** records.group-ownerless=some: groups whose groupID is a multiple of this belong to no user (no userID). */
const OWNERLESS_EVERY = 7;
/** groups.userID-access=wider: this user is an administrator: groups/search?userID=1 returns every group (it has access to all). */
export const ADMIN_USER_ID = 1;

/** A group's dateModified as the mock shows, filters and sorts it; undefined: never modified. */
export function groupDateModified(group: Group, choices: Choices): number | undefined {
  return choices.is('records.group-never-modified', 'some') && group.groupID % NEVER_MODIFIED_EVERY === 0 ? undefined : group.dateModified;
}

/** A group's owner as the mock shows and filters it; undefined: an ownerless group, matched by no userID filter (except the administrator's). */
export function groupOwner(group: Group, choices: Choices): number | undefined {
  return choices.is('records.group-ownerless', 'some') && group.groupID % OWNERLESS_EVERY === 0 ? undefined : group.userID;
}
