import type { Group } from '../data/model';
import type { MemberCounts } from '../data/store';
import type { FaultSwitch } from '../faults';
import type { Representation } from '../representation';
import type { Choices } from '../choices/choices';
import { groupDateModified, groupOwner } from '../data/group-facts';

/** A group as groups/search returns it (interface.md, "Group"). records.extra-members=extra adds undocumented fields (folderID, hasAutoResponse). */
export function groupRecord(group: Group, name: string, counts: MemberCounts, present: Representation, faults: FaultSwitch, choices: Choices): Record<string, unknown> {
  const userID = groupOwner(group, choices);
  const record: Record<string, unknown> = {
    groupID: group.groupID,
    groupName: name,
    status: group.status,
    friendlyName: group.friendlyName,
    description: group.description,
    private: present.boolean(group.private),
    userID: faults.has('groups-user-id-string') && userID !== undefined ? String(userID) : present.optional(userID, ''),
    autoResponseEmailID: present.optional(group.autoResponseEmailID, ''),
    dateAdded: present.datetime(group.dateAdded),
    dateModified: present.datetime(groupDateModified(group, choices)),
    dateLastEmailSent: present.datetime(group.dateLastEmailSent),
    totalMembers: faults.has('groups-total-members-string') ? String(counts.totalMembers) : counts.totalMembers,
    activeMembers: counts.activeMembers,
    type: group.type,
  };
  if (choices.is('records.extra-members', 'extra')) {
    record.folderID = (group.groupID % 4) + 1;
    record.hasAutoResponse = group.autoResponseEmailID === undefined ? 0 : 1;
  }
  return record;
}
