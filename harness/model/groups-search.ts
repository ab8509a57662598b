// @silent-point groups.private-1 groups.userID-access
/**
 * groups/search as the documents have it: each filter, what a request asks of it and which groups it
 * allows. A default (status Active, type All) is asked by a request that leaves the filter out.
 */
import { containsText, readBoolean, readInteger, referencedID } from '../oracles';
import { filterValues, groupID, groupNameOf, matchesValue, type GroupEnumFilter } from './group-values';
import { fieldsShown, listedIDs, type AnySearchFilter, type SearchFilter } from './search-filter';
import { spelledOrDefault } from './sent-values';

const OP = 'groups.search';

const show = fieldsShown('groupID');

/** status or type: the value sent as the spec spells it, or the documented default; the groups of that value (the widest: every group). */
function enumFilter(param: GroupEnumFilter): SearchFilter<string> {
  return {
    params: [param],
    asked: (params) => spelledOrDefault(OP, param, params),
    admits: (group, value) => matchesValue(group, param, value),
    describe: (value) => `${param}=${value}`,
    what: (value) => (value === filterValues(param).widest ? `is a group of any ${param}` : `has ${param} ${value}`),
    show: show(param),
  };
}

/** groupName: "Matches any part of a group name"; letter case aside a name may match, as written it must. */
const groupName: SearchFilter<string> = {
  params: ['groupName'],
  asked: (params) => (typeof params.groupName === 'string' && params.groupName !== '' ? params.groupName : undefined),
  admits: (group, fragment) => containsText(groupNameOf(group), fragment),
  requires: (group, fragment) => groupNameOf(group).includes(fragment),
  describe: (fragment) => `groupName=${JSON.stringify(fragment)}`,
  what: (fragment) => `has a name containing ${JSON.stringify(fragment)} (letter case aside)`,
  show: show('groupName'),
};

/** private: "Passing 0 returns groups displayed on the contact preferences page"; what 1 selects is silent (groups.private-1). */
const privateFilter: SearchFilter<boolean> = {
  params: ['private'],
  asked: (params) => readBoolean(params.private),
  admits: (group, value) => (value === false ? readBoolean(group.private) === false : undefined),
  describe: (value) => `private=${value ? 1 : 0}`,
  what: (value) => (value ? 'is any group (what private=1 selects is not written)' : 'is displayed on the preferences page (private false)'),
  show: show('private'),
};

/**
 * userID: "Returns groups this user has access to". The user's own groups must be there; whether the user
 * has access to other users' groups is silent (groups.userID-access), so any group may be.
 */
const userID: SearchFilter<number> = {
  params: ['userID'],
  asked: (params) => readInteger(params.userID),
  admits: () => undefined,
  requires: (group, user) => referencedID(group.userID) === user,
  describe: (user) => `userID=${user}`,
  what: (user) => `is a group user ${user} has access to`,
  show: show('userID'),
};

/** The filters of groups/search, by name. */
export const groupsSearchFilters = {
  status: enumFilter('status'),
  type: enumFilter('type'),
  groupName,
  groupIDs: listedIDs('groupIDs', groupID, 'groups', show('groupID')),
  private: privateFilter,
  userID,
} satisfies Record<string, AnySearchFilter>;
