import type { Group } from '../data/model';
import type { MemberCounts } from '../data/store';
import { pageEnd, pageLinks, paginate, readPageRequest } from '../paging';
import { groupRecord } from '../records/group';
import { sortBy, sortFirst, type SortKind, type SortSpec } from '../sorting';
import { altGroupDateModified, altGroupUserID, ALT_ADMIN_USER_ID } from '../variant';
import { data, type Operation, type OperationContext } from './operation';

const STATUSES = ['Active', 'Archived', 'All'] as const;
const TYPES = ['Dynamic', 'Static', 'All'] as const;
const SORT_FIELDS = ['groupID', 'groupName', 'dateAdded', 'dateModified', 'dateLastEmailSent', 'totalMembers', 'activeMembers'] as const;
const DIRECTIONS = ['asc', 'desc'] as const;

type SortField = (typeof SORT_FIELDS)[number];

const SORT_KINDS: Record<SortField, SortKind> = {
  groupID: 'number',
  groupName: 'text',
  dateAdded: 'datetime',
  dateModified: 'datetime',
  dateLastEmailSent: 'datetime',
  totalMembers: 'number',
  activeMembers: 'number',
};

/** GET or POST /groups/search: filters, sorts and pages the groups (requires Create Groups). */
export const groupsSearch: Operation = {
  key: 'groups.search',
  path: '/groups/search',
  methods: ['GET', 'POST'],
  permission: 'createGroups',
  handle(context) {
    const { params, fault, state, alt } = context;
    const status = params.choice('status', STATUSES, fault('groups-unknown-status-accepted')) ?? (fault('groups-status-default-all') ? 'All' : 'Active');
    const type = params.choice('type', TYPES, fault('groups-unknown-type-accepted')) ?? (fault('groups-type-default-static') ? 'Static' : 'All');
    const requestedSort = params.choice('sortField', SORT_FIELDS, fault('groups-unknown-sort-field-accepted'));
    const direction = params.choice('sortDirection', DIRECTIONS, fault('groups-unknown-sort-direction-accepted')) ?? 'asc';
    const filters = {
      status,
      type,
      groupName: alt ? params.string('groupName') : params.string('groupName')?.toLowerCase(),
      groupIDs: params.integerList('groupIDs'),
      userID: params.integer('userID'),
      private: params.boolean('private'),
    };
    const pageRequest = readPageRequest(params, state.faults, 'groups');

    const nameOf = groupNames(context);
    const matches = state.store.groups.filter(groupFilter(filters, nameOf, context));
    const counts = memberCounter(context);
    const sortField: SortField = requestedSort ?? (fault('groups-default-sort-groupid') ? 'groupID' : 'groupName');
    const kind = SORT_KINDS[sortField];
    const spec: SortSpec<Group> = {
      value: sortValue(sortField, nameOf, counts, alt),
      kind,
      descending: direction === 'desc' && !(kind === 'datetime' && fault('groups-sort-desc-ignored')) && !(context.method === 'POST' && fault('groups-post-direction-ignored')),
      tieBreak: (group) => group.groupID,
      // alt: ties by groupID descending, in either direction
      tieDescending: alt,
      numbersAsText: fault('groups-sort-numbers-as-text'),
      absentLast: alt,
      caseSensitive: alt,
    };
    // The pages-sorted-apart fault: each page is cut from the groups in groupID order, then sorted on its own.
    const apart = fault('groups-pages-sorted-apart');
    const sorted = sortFirst(matches, apart ? { value: (group) => group.groupID, kind: 'number', descending: false, tieBreak: (group) => group.groupID } : spec, pageEnd(pageRequest));
    const total = filters.type !== 'All' && fault('groups-total-ignores-type-filter')
      ? state.store.groups.filter(groupFilter({ ...filters, type: 'All' }, nameOf, context)).length
      : matches.length;
    const page = paginate(sorted, pageRequest, pageLinks(params, context.link, alt), state.faults, 'groups', total, alt);
    return data({
      records: (apart ? sortBy(page.records, spec) : page.records).map((group) => groupRecord(group, nameOf(group), counts(group), context.present, state.faults, alt)),
      paging: page.paging,
    });
  },
};

interface GroupFilters {
  status: (typeof STATUSES)[number];
  type: (typeof TYPES)[number];
  groupName?: string;
  groupIDs?: number[];
  userID?: number;
  private?: boolean;
}

/**
 * alt: groupName is matched case-sensitively; private=1 does not filter (only private=0, documented, does);
 * userID=1 (the administrator) has access to every group, and an ownerless group matches no other user.
 */
function groupFilter(filters: GroupFilters, nameOf: (group: Group) => string, { fault, alt }: OperationContext): (group: Group) => boolean {
  const skipStatus = filters.userID !== undefined && fault('groups-userid-ignores-status');
  const dropOwnPrivate = filters.userID !== undefined && fault('groups-userid-drops-own-private');
  const archivedIncludesActive = fault('groups-archived-includes-active');
  const staticIncludesDynamic = fault('groups-static-includes-dynamic');
  const ids = filters.groupIDs && new Set(fault('groups-ids-first-only') ? filters.groupIDs.slice(0, 1) : filters.groupIDs);
  const wantPrivate = filters.private === undefined || (alt && filters.private) ? undefined : filters.private !== fault('groups-private-filter-inverted');
  const userID = alt && filters.userID === ALT_ADMIN_USER_ID ? undefined : filters.userID;
  const ownerOf = alt ? altGroupUserID : (group: Group): number | undefined => group.userID;
  const prefixOnly = fault('groups-name-prefix-only');
  const typeLost = filters.groupName !== undefined && fault('groups-type-lost-with-name');
  const likePattern = filters.groupName !== undefined && fault('groups-name-like-pattern') ? likeExpression(filters.groupName, alt) : undefined;
  return (group) => {
    if (!skipStatus && filters.status !== 'All' && group.status !== filters.status && !(archivedIncludesActive && filters.status === 'Archived')) return false;
    if (!typeLost && filters.type !== 'All' && group.type !== filters.type && !(staticIncludesDynamic && filters.type === 'Static')) return false;
    if (wantPrivate !== undefined && group.private !== wantPrivate) return false;
    if (userID !== undefined && ownerOf(group) !== userID) return false;
    if (dropOwnPrivate && group.private) return false;
    if (ids && !ids.has(group.groupID)) return false;
    if (filters.groupName !== undefined) {
      const name = alt ? nameOf(group) : nameOf(group).toLowerCase();
      if (likePattern) return likePattern.test(name);
      if (prefixOnly ? !name.startsWith(filters.groupName) : !name.includes(filters.groupName)) return false;
    }
    return true;
  };
}

/** The groups-name-like-pattern fault: groupName read as a SQL LIKE pattern (% any run, _ any one character), matching any part of a name. */
function likeExpression(text: string, alt: boolean): RegExp {
  const source = [...text].map((char) => (char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(source, alt ? 's' : 'is');
}

/** The names groups show: their own, except under the duplicate-name fault. */
function groupNames({ fault, state }: OperationContext): (group: Group) => string {
  const own = (group: Group): string => group.groupName;
  if (!fault('groups-duplicate-name')) return own;
  const [first, second] = state.store.groups.filter((group) => group.status === 'Active' && group.type === 'Static');
  if (!first || !second) return own;
  return (group) => (group === second ? first.groupName : group.groupName);
}

/** Member counts, computed once per group per request. */
function memberCounter({ fault, state }: OperationContext): (group: Group) => MemberCounts {
  const cache = new Map<Group, MemberCounts>();
  const heldMisplaced = fault('groups-active-counts-held');
  return (group) => {
    let counts = cache.get(group);
    if (!counts) cache.set(group, (counts = state.store.memberCounts(group, heldMisplaced)));
    return counts;
  };
}

function sortValue(field: SortField, nameOf: (group: Group) => string, counts: (group: Group) => MemberCounts, alt: boolean): (group: Group) => number | string | undefined {
  switch (field) {
    case 'dateModified':
      return alt ? altGroupDateModified : (group) => group.dateModified;
    case 'groupName':
      return nameOf;
    case 'totalMembers':
    case 'activeMembers':
      return (group) => counts(group)[field];
    default:
      return (group) => group[field];
  }
}
