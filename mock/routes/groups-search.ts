import type { Group } from '../data/model';
import { uncountedActive } from '../import/group-changes';
import type { MemberCounts } from '../data/store';
import { pageEnd, pageLinks, paginate, readPageRequest } from '../paging';
import { groupRecord } from '../records/group';
import { sortBy, sortFirst, type SortKind, type SortSpec } from '../sorting';
import { ADMIN_USER_ID, groupDateModified, groupOwner } from '../data/group-facts';
import { searchOrder } from './search-order';
import { likeExpression } from '../like-pattern';
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
    const { params, fault, state, choices } = context;
    const caseSensitive = choices.is('search.match-case', 'case-sensitive');
    const status = readStatus(context);
    const type = params.choice('type', TYPES, fault('groups-unknown-type-accepted')) ?? (fault('groups-type-default-static') ? 'Static' : 'All');
    const requestedSort = params.choice('sortField', SORT_FIELDS, fault('groups-unknown-sort-field-accepted'));
    const direction = params.choice('sortDirection', DIRECTIONS, fault('groups-unknown-sort-direction-accepted')) ?? 'asc';
    const filters = {
      status,
      type,
      groupName: caseSensitive ? params.string('groupName') : params.string('groupName')?.toLowerCase(),
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
    const descending = direction === 'desc' && !(kind === 'datetime' && fault('groups-sort-desc-ignored')) && !(context.method === 'POST' && fault('groups-post-direction-ignored'));
    const spec: SortSpec<Group> = {
      value: sortValue(sortField, nameOf, counts, context),
      kind,
      descending,
      tieBreak: (group) => group.groupID,
      numbersAsText: fault('groups-sort-numbers-as-text'),
      ...searchOrder(choices, descending),
    };
    // The pages-sorted-apart fault: each page is cut from the groups in groupID order, then sorted on its own.
    const apart = fault('groups-pages-sorted-apart');
    const sorted = sortFirst(matches, apart ? { value: (group) => group.groupID, kind: 'number', descending: false, tieBreak: (group) => group.groupID } : spec, pageEnd(pageRequest));
    const total = filters.type !== 'All' && fault('groups-total-ignores-type-filter')
      ? state.store.groups.filter(groupFilter({ ...filters, type: 'All' }, nameOf, context)).length
      : matches.length;
    const page = paginate(sorted, pageRequest, pageLinks(params, context.link, choices), state.faults, 'groups', total, choices);
    return data({
      records: (apart ? sortBy(page.records, spec) : page.records).map((group) => groupRecord(group, nameOf(group), counts(group), context.present, state.faults, choices)),
      paging: page.paging,
    });
  },
};

/**
 * status, or its default (Active) when absent. Fault groups-status-case-ignored: a value spelled in another letter
 * case than the table passes validation but is not applied: the search answers as without status.
 */
function readStatus({ params, fault }: OperationContext): (typeof STATUSES)[number] {
  const fallback = fault('groups-status-default-all') ? 'All' : 'Active';
  const status = params.choice('status', STATUSES, fault('groups-unknown-status-accepted'));
  if (status === undefined) return fallback;
  if (fault('groups-status-case-ignored') && params.string('status')?.trim() !== status) return fallback;
  return status;
}

interface GroupFilters {
  status: (typeof STATUSES)[number];
  type: (typeof TYPES)[number];
  groupName?: string;
  groupIDs?: number[];
  userID?: number;
  private?: boolean;
}

/**
 * search.match-case=case-sensitive: groupName is matched case-sensitively; groups.private-1=no-filter:
 * private=1 does not filter (only private=0, documented, does); groups.userID-access=wider: userID=1 (the
 * administrator) has access to every group; an ownerless group (records.group-ownerless) matches no other user.
 */
function groupFilter(filters: GroupFilters, nameOf: (group: Group) => string, { fault, choices }: OperationContext): (group: Group) => boolean {
  const caseSensitive = choices.is('search.match-case', 'case-sensitive');
  const skipStatus = filters.userID !== undefined && fault('groups-userid-ignores-status');
  const dropOwnPrivate = filters.userID !== undefined && fault('groups-userid-drops-own-private');
  const archivedIncludesActive = fault('groups-archived-includes-active');
  const staticIncludesDynamic = fault('groups-static-includes-dynamic');
  const ids = filters.groupIDs && new Set(fault('groups-ids-first-only') ? filters.groupIDs.slice(0, 1) : filters.groupIDs);
  const wantPrivate = filters.private === undefined || (choices.is('groups.private-1', 'no-filter') && filters.private) ? undefined : filters.private !== fault('groups-private-filter-inverted');
  // Fault groups-private-zero-drops-some: private=0 reads the displayed groups of the preferences page, which lists Static groups only.
  const zeroDropsDynamic = filters.private === false && fault('groups-private-zero-drops-some');
  const userID = choices.is('groups.userID-access', 'wider') && filters.userID === ADMIN_USER_ID ? undefined : filters.userID;
  const ownerOf = (group: Group): number | undefined => groupOwner(group, choices);
  const prefixOnly = fault('groups-name-prefix-only');
  const typeLost = filters.groupName !== undefined && fault('groups-type-lost-with-name');
  const likePattern = filters.groupName !== undefined && fault('groups-name-like-pattern') ? likeExpression(filters.groupName, caseSensitive) : undefined;
  return (group) => {
    if (!skipStatus && filters.status !== 'All' && group.status !== filters.status && !(archivedIncludesActive && filters.status === 'Archived')) return false;
    if (!typeLost && filters.type !== 'All' && group.type !== filters.type && !(staticIncludesDynamic && filters.type === 'Static')) return false;
    if (wantPrivate !== undefined && group.private !== wantPrivate) return false;
    if (zeroDropsDynamic && group.type === 'Dynamic') return false;
    if (userID !== undefined && ownerOf(group) !== userID) return false;
    if (dropOwnPrivate && group.private) return false;
    if (ids && !ids.has(group.groupID)) return false;
    if (filters.groupName !== undefined) {
      const name = caseSensitive ? nameOf(group) : nameOf(group).toLowerCase();
      if (likePattern) return likePattern(name);
      if (prefixOnly ? !name.startsWith(filters.groupName) : !name.includes(filters.groupName)) return false;
    }
    return true;
  };
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
    if (!counts) {
      counts = state.store.memberCounts(group, heldMisplaced);
      // Faults import-active-members-stale, import-new-active-members-stale: joins its activeMembers never counted.
      const uncounted = uncountedActive.get(group) ?? 0;
      if (uncounted > 0) counts = { ...counts, activeMembers: Math.max(0, counts.activeMembers - uncounted) };
      cache.set(group, counts);
    }
    return counts;
  };
}

function sortValue(field: SortField, nameOf: (group: Group) => string, counts: (group: Group) => MemberCounts, { choices }: OperationContext): (group: Group) => number | string | undefined {
  switch (field) {
    case 'dateModified':
      return (group) => groupDateModified(group, choices);
    case 'groupName':
      return nameOf;
    case 'totalMembers':
    case 'activeMembers':
      return (group) => counts(group)[field];
    default:
      return (group) => group[field];
  }
}
