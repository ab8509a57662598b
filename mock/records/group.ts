import type { Group } from '../data/model';
import type { MemberCounts } from '../data/store';
import type { FaultSwitch } from '../faults';
import type { Representation } from '../representation';

/** A group as groups/search returns it (interface.md, "Group"). */
export function groupRecord(group: Group, name: string, counts: MemberCounts, present: Representation, faults: FaultSwitch): Record<string, unknown> {
  return {
    groupID: group.groupID,
    groupName: name,
    status: group.status,
    friendlyName: group.friendlyName,
    description: group.description,
    private: present.boolean(group.private),
    userID: faults.has('groups-user-id-string') ? String(group.userID) : group.userID,
    autoResponseEmailID: present.optional(group.autoResponseEmailID),
    dateAdded: present.datetime(group.dateAdded),
    dateModified: present.datetime(group.dateModified),
    dateLastEmailSent: present.datetime(group.dateLastEmailSent),
    totalMembers: faults.has('groups-total-members-string') ? String(counts.totalMembers) : counts.totalMembers,
    activeMembers: counts.activeMembers,
    type: group.type,
  };
}
