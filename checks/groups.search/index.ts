import schema from './schema.groups.search';
import recordNameUnique from './groups.record.name-unique';
import recordActiveMembers from './groups.record.active-members';
import methods from './groups.search.methods';
import rppDefault from './groups.search.rpp.default';
import rppBounds from './groups.search.rpp.bounds';
import rppPageSize from './groups.search.rpp.page-size';
import pageDefault from './groups.search.page.default';
import pageMinimum from './groups.search.page.minimum';
import pagingTotals from './groups.search.paging.totals';
import sortOrder from './groups.search.sort.order';
import sortDefault from './groups.search.sort.default';
import enumsRejectUnknown from './groups.search.enums.reject-unknown';
import statusDefault from './groups.search.status.default';
import statusFilter from './groups.search.status.filter';
import typeFilter from './groups.search.type.filter';
import typeDefault from './groups.search.type.default';
import privateFilter from './groups.search.private.filter';
import groupNameContains from './groups.search.groupName.contains';
import groupIDsFilter from './groups.search.groupIDs.filter';
import userIDFilter from './groups.search.userID.filter';
import filtersSubset from './groups.search.filters.subset';

/** The checks of groups/search, one per rule of area groups.search. */
export const checks = [
  schema,
  recordNameUnique,
  recordActiveMembers,
  methods,
  rppDefault,
  rppBounds,
  rppPageSize,
  pageDefault,
  pageMinimum,
  pagingTotals,
  sortOrder,
  sortDefault,
  enumsRejectUnknown,
  statusDefault,
  statusFilter,
  typeFilter,
  typeDefault,
  privateFilter,
  groupNameContains,
  groupIDsFilter,
  userIDFilter,
  filtersSubset,
];
