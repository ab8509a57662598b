import schema from './schema.emails.search';
import methods from './emails.search.methods';
import rppDefault from './emails.search.rpp.default';
import rppBounds from './emails.search.rpp.bounds';
import rppPageSize from './emails.search.rpp.page-size';
import pageDefault from './emails.search.page.default';
import pageMinimum from './emails.search.page.minimum';
import pagingTotals from './emails.search.paging.totals';
import sortOrder from './emails.search.sort.order';
import sortDefault from './emails.search.sort.default';
import sortDirectionDefault from './emails.search.sortDirection.default';
import enumsRejectUnknown from './emails.search.enums.reject-unknown';
import deliveryTypeDefault from './emails.search.deliveryType.default';
import deliveryTypeFilter from './emails.search.deliveryType.filter';
import statusDefault from './emails.search.status.default';
import statusFilter from './emails.search.status.filter';
import statusManualOnly from './emails.search.status.manual-only';
import automatedResultsDefault from './emails.search.automatedResults.default';
import automatedResultsDetail from './emails.search.automatedResults.detail';
import titleWildcard from './emails.search.title.wildcard';
import subjectWildcard from './emails.search.subject.wildcard';
import dateSentStartDefault from './emails.search.dateSentStart.default';
import dateSentEndDefault from './emails.search.dateSentEnd.default';
import dateSentWindowLimit from './emails.search.dateSent.window-limit';
import dateSentFilter from './emails.search.dateSent.filter';
import transactionalCategoryScope from './emails.search.transactionalCategory.scope';
import parentEmailIDFilter from './emails.search.parentEmailID.filter';
import emailIDsFilter from './emails.search.emailIDs.filter';
import campaignIDFilter from './emails.search.campaignID.filter';
import userIDFilter from './emails.search.userID.filter';
import filtersSubset from './emails.search.filters.subset';

/** The checks of emails/search, one per rule of the area. */
export const checks = [
  schema,
  // The generic search rules (drivers/search).
  methods, rppDefault, rppBounds, rppPageSize, pageDefault, pageMinimum, pagingTotals, sortOrder, enumsRejectUnknown, filtersSubset,
  // The default orders.
  sortDefault, sortDirectionDefault,
  // deliveryType, status, automatedResults.
  deliveryTypeDefault, deliveryTypeFilter, statusDefault, statusFilter, statusManualOnly, automatedResultsDefault, automatedResultsDetail,
  // The title and subject wildcards.
  titleWildcard, subjectWildcard,
  // The dateSent window.
  dateSentStartDefault, dateSentEndDefault, dateSentWindowLimit, dateSentFilter,
  // The other filters.
  transactionalCategoryScope, parentEmailIDFilter, emailIDsFilter, campaignIDFilter, userIDFilter,
];
