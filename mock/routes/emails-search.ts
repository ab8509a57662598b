import type { Email } from '../data/model';
import { ApiError, ErrorCode } from '../errors';
import { pageEnd, pageLinks, paginate, readPageRequest } from '../paging';
import { emailRecord } from '../records/email';
import { sortBy, sortFirst, type SortKind } from '../sorting';
import { textMatcher } from '../text-pattern';
import { readEmailQuery, type EmailQuery, type EmailSortField } from './email-query';
import { data, type Operation, type OperationContext } from './operation';

const SORT_KINDS: Record<EmailSortField, SortKind> = {
  emailID: 'number',
  userID: 'number',
  title: 'text',
  subject: 'text',
  dateAdded: 'datetime',
  dateModified: 'datetime',
  dateSent: 'datetime',
};

/** GET or POST /emails/search: every search is filtered by deliveryType. */
export const emailsSearch: Operation = {
  key: 'emails.search',
  path: '/emails/search',
  methods: ['GET', 'POST'],
  handle(context) {
    const { params, state } = context;
    if (context.token.kind === 'application' && context.method === 'POST' && context.fault('auth-app-token-refused-on-post-search')) {
      throw new ApiError(ErrorCode.invalidToken, 'The access token is not valid');
    }
    const query = readEmailQuery(context);
    const pageRequest = readPageRequest(params, state.faults, 'emails');
    const matches = candidates(query, context).filter(emailFilter(query, context));
    const spec = sortSpec(query, context);
    // The pages-sorted-apart fault: each page is cut from the emails in emailID order, then sorted on its own.
    const apart = context.fault('emails-pages-sorted-apart');
    const sorted = sortFirst(matches, apart ? { value: (email: Email) => email.emailID, kind: 'number', descending: false, tieBreak: (email: Email) => email.emailID } : spec, pageEnd(pageRequest));
    const page = paginate(sorted, pageRequest, pageLinks(params, context.link, context.alt), state.faults, 'emails', totalOf(matches, query, context), context.alt);
    return data({
      records: (apart ? sortBy(page.records, spec) : page.records).map((email) => emailRecord(email, context.present, state.faults, context.alt)),
      paging: page.paging,
    });
  },
};

/** The totalRecords a search reports: its matches (a fault counts every status when a manual search passes none). */
function totalOf(matches: readonly Email[], query: EmailQuery, context: OperationContext): number {
  if (query.statusGiven || query.deliveryType !== 'manual' || !context.fault('emails-total-ignores-default-status')) return matches.length;
  return candidates(query, context).filter(emailFilter({ ...query, statuses: ['draft', 'scheduled', 'sent'], statusGiven: true }, context)).length;
}

/**
 * The records a deliveryType searches: manual emails (A/B parents and their sends included), automated
 * summaries or individual sends (always the sends when parentEmailID is given), transactional emails.
 */
function candidates(query: EmailQuery, { state, fault, alt }: OperationContext): Email[] {
  const { manual, automatedSummaries, automatedSends, transactional } = state.store.emailSets;
  if (query.allDeliveryTypes) return [...manual, ...automatedSummaries, ...transactional];
  let records: Email[];
  switch (query.deliveryType) {
    case 'manual':
      // alt: the individual sends of A/B splits only with parentEmailID (a manual search lists their parents)
      records = alt && query.parentEmailID === undefined ? manual.filter((email) => email.parentEmailID === undefined) : manual;
      break;
    case 'automated':
      if (query.parentEmailID !== undefined || query.automatedResults === 'detail') {
        records = fault('emails-detail-includes-summary') && query.parentEmailID === undefined ? [...automatedSends, ...automatedSummaries] : automatedSends;
      } else {
        records = automatedSummaries;
      }
      break;
    case 'transactional':
      records = fault('emails-transactional-includes-automated') ? [...transactional, ...automatedSummaries] : transactional;
      break;
  }
  const parent = query.parentEmailID === undefined ? undefined : state.store.email(query.parentEmailID);
  // The A/B-parent fault: the sends of an A/B split email (a manual email with an abSplitID) are not found.
  if (parent && parent.deliveryType === 'Manual' && parent.abSplitID !== undefined && fault('emails-ab-parent-finds-nothing')) return [];
  if (parent && fault('emails-parent-includes-parent') && !records.includes(parent) && parent.deliveryType.toLowerCase() === query.deliveryType) {
    records = [...records, parent];
  }
  return records;
}

/** alt: title and subject are matched case-sensitively; dateSentEnd is exclusive. */
function emailFilter(query: EmailQuery, { fault, alt }: OperationContext): (email: Email) => boolean {
  const statuses = new Set<string>((query.statusGiven && fault('emails-status-first-only') ? query.statuses.slice(0, 1) : query.statuses).map(capitalise));
  const statusForAll = query.statusGiven && fault('emails-status-applied-to-automated');
  const applyWindow = !(query.transactionalCategory !== undefined && fault('emails-category-ignores-window'));
  const applyEnd = !fault('emails-date-filter-ignores-end');
  const title = query.title === undefined ? undefined : textMatcher(query.title, fault('emails-title-wildcard-literal'), alt, alt);
  const subject = query.subject === undefined ? undefined : textMatcher(query.subject, fault('emails-subject-wildcard-literal'), alt, alt);
  const ids = query.emailIDs && new Set(fault('emails-ids-first-only') ? query.emailIDs.slice(0, 1) : query.emailIDs);
  const userID = fault('emails-userid-ignored') ? undefined : query.userID;
  const campaignFirstOnly = fault('emails-campaign-first-only');
  const category = query.transactionalCategory?.toLowerCase();
  const parentItself = fault('emails-parent-includes-parent');
  // The exact-title fault: a title without * that is an email's whole title, as written, misses that email.
  const exactTitleMissed = query.title !== undefined && !query.title.includes('*') && fault('emails-title-exact-value-missed');
  return (email) => {
    if ((email.deliveryType === 'Manual' || statusForAll) && !statuses.has(email.status)) return false;
    if (applyWindow && email.dateSent !== undefined) {
      if (email.dateSent < query.dateSentStart || (applyEnd && (alt ? email.dateSent >= query.dateSentEnd : email.dateSent > query.dateSentEnd))) return false;
    }
    if (userID !== undefined && email.userID !== userID) return false;
    if (title && (!title(email.title) || (exactTitleMissed && email.title === query.title))) return false;
    if (subject && !subject(email.subject)) return false;
    if (ids && !ids.has(email.emailID)) return false;
    if (query.parentEmailID !== undefined && email.parentEmailID !== query.parentEmailID && !(parentItself && email.emailID === query.parentEmailID)) return false;
    if (query.campaignID !== undefined) {
      const campaigns = campaignFirstOnly ? email.campaignIDs.slice(0, 1) : email.campaignIDs;
      if (!campaigns.includes(query.campaignID)) return false;
    }
    if (category !== undefined && email.transactionalCategory?.toLowerCase() !== category) return false;
    return true;
  };
}

/**
 * Without sortField: Sent emails by dateSent descending; a manual search including Draft or Scheduled by
 * dateAdded descending. With sortField and no sortDirection: ascending. Ties: emailID ascending.
 */
function sortSpec(query: EmailQuery, { fault, method, alt }: OperationContext) {
  const field: EmailSortField = query.sortField ?? defaultSortField(query, alt);
  const kind = SORT_KINDS[field];
  const defaultDirection = query.sortField === undefined ? (fault('emails-default-sort-ascending') ? 'asc' : 'desc') : fault('emails-sort-direction-default-desc') ? 'desc' : 'asc';
  const direction = query.sortDirection ?? defaultDirection;
  const textDescIgnored = kind === 'text' && fault('emails-sort-desc-ignored');
  const descending = direction === 'desc' && !textDescIgnored && !(method === 'POST' && fault('emails-post-direction-ignored'));
  return {
    value: (email: Email) => email[field],
    kind,
    descending,
    tieBreak: (email: Email) => email.emailID,
    // alt: ties follow the sort direction (emailID descending in a descending sort)
    tieDescending: alt && descending,
    numbersAsText: fault('emails-sort-numbers-as-text'),
    absentLast: alt,
    caseSensitive: alt,
  };
}

/** alt: a status list that includes sent sorts by dateSent; only a list of draft/scheduled alone sorts by dateAdded. */
function defaultSortField(query: EmailQuery, alt = false): EmailSortField {
  const manualStatuses = query.deliveryType === 'manual' && query.statusGiven;
  if (alt) return manualStatuses && !query.statuses.includes('sent') ? 'dateAdded' : 'dateSent';
  const unsentIncluded = manualStatuses && query.statuses.some((status) => status !== 'sent');
  return unsentIncluded ? 'dateAdded' : 'dateSent';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
