import type { Email } from '../data/model';
import { narrowed } from './email-index';
import { ApiError, ErrorCode } from '../errors';
import { pageEnd, pageLinks, paginate, readPageRequest } from '../paging';
import { dateSentShown } from '../records/date-sent';
import { emailRecord } from '../records/email';
import { sortBy, sortFirst, type SortKind } from '../sorting';
import { textMatcher } from '../text-pattern';
import { cachedSearch } from './email-search-cache';
import { readEmailQuery, type EmailQuery, type EmailSortField } from './email-query';
import { data, type Operation, type OperationContext } from './operation';
import { searchOrder } from './search-order';

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
    const match = () => candidates(query, context).filter(emailFilter(query, context));
    // Without faults a search's matches (and, from its second page, its order) are kept between requests.
    const cached = state.faults.none ? cachedSearch(state, state.store.emailSets, query, context.choices.is('emails.dateSentEnd-inclusive', 'exclusive'), match) : undefined;
    const matches = cached ? cached.matches : match();
    const spec = sortSpec(query, context);
    // The pages-sorted-apart fault: each page is cut from the emails in emailID order, then sorted on its own.
    const apart = context.fault('emails-pages-sorted-apart');
    const sorted = cached
      ? cached.ordered(`${query.sortField}|${query.sortDirection}`, pageEnd(pageRequest), (all, count) => sortFirst(all, spec, count), (all) => sortBy(all, spec))
      : sortFirst(matches, apart ? { value: (email: Email) => email.emailID, kind: 'number', descending: false, tieBreak: (email: Email) => email.emailID } : spec, pageEnd(pageRequest));
    const show = (email: Email) => emailRecord(email, context.present, state.faults, context.choices);
    const page = paginate(sorted, pageRequest, pageLinks(params, context.link, context.choices), state.faults, 'emails', totalOf(matches, query, context), context.choices);
    return data({
      records: (apart ? sortBy(page.records, spec) : page.records).map((email) => (cached ? cached.record(email, show) : show(email))),
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
function candidates(query: EmailQuery, { state, fault, choices }: OperationContext): Email[] {
  const { manual, automatedSummaries, automatedSends, transactional } = state.store.emailSets;
  if (query.allDeliveryTypes) return [...manual, ...automatedSummaries, ...transactional];
  let records: Email[];
  switch (query.deliveryType) {
    case 'manual':
      // emails.ab-sends-in-manual=parents-only: the individual sends of A/B splits only with parentEmailID (a manual search lists their parents)
      records = choices.is('emails.ab-sends-in-manual', 'parents-only') && query.parentEmailID === undefined ? manual.filter((email) => email.parentEmailID === undefined) : manual;
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
  // Without faults, a set of the store is narrowed by the ID-like filters through its index (email-index.ts).
  if (state.faults.none && [manual, automatedSummaries, automatedSends, transactional].includes(records)) return narrowed(records, query) as Email[];
  const parent = query.parentEmailID === undefined ? undefined : state.store.email(query.parentEmailID);
  // The A/B-parent fault: the sends of an A/B split email (a manual email with an abSplitID) are not found.
  if (parent && parent.deliveryType === 'Manual' && parent.abSplitID !== undefined && fault('emails-ab-parent-finds-nothing')) return [];
  if (parent && fault('emails-parent-includes-parent') && !records.includes(parent) && parent.deliveryType.toLowerCase() === query.deliveryType) {
    records = [...records, parent];
  }
  return records;
}

/**
 * search.match-case=case-sensitive: title and subject are matched case-sensitively; emails.wildcard-anchoring=any-part:
 * a pattern with `*` may match any part; emails.dateSentEnd-inclusive=exclusive: dateSentEnd is exclusive. The window
 * reads the dateSent of sent emails only: an email not sent is never left out by it (emails.unsent-dateSent).
 */
function emailFilter(query: EmailQuery, { fault, choices }: OperationContext): (email: Email) => boolean {
  const caseSensitive = choices.is('search.match-case', 'case-sensitive');
  const unanchored = choices.is('emails.wildcard-anchoring', 'any-part');
  const endExclusive = choices.is('emails.dateSentEnd-inclusive', 'exclusive');
  const statuses = new Set<string>((query.statusGiven && fault('emails-status-first-only') ? query.statuses.slice(0, 1) : query.statuses).map(capitalise));
  const statusForAll = query.statusGiven && fault('emails-status-applied-to-automated');
  const applyWindow = !(query.transactionalCategory !== undefined && fault('emails-category-ignores-window'));
  const applyEnd = !fault('emails-date-filter-ignores-end');
  const title = query.title === undefined ? undefined : textMatcher(query.title, fault('emails-title-wildcard-literal'), caseSensitive, unanchored);
  const subject = query.subject === undefined ? undefined : textMatcher(query.subject, fault('emails-subject-wildcard-literal'), caseSensitive, unanchored);
  const ids = query.emailIDs && new Set(fault('emails-ids-first-only') ? query.emailIDs.slice(0, 1) : query.emailIDs);
  const userID = fault('emails-userid-ignored') ? undefined : query.userID;
  const campaignFirstOnly = fault('emails-campaign-first-only');
  const campaignLost = query.userID !== undefined && fault('emails-campaign-lost-with-user');
  const category = query.transactionalCategory?.toLowerCase();
  const parentItself = fault('emails-parent-includes-parent');
  // The exact-title fault: a title without * that is an email's whole title, as written, misses that email.
  const exactTitleMissed = query.title !== undefined && !query.title.includes('*') && fault('emails-title-exact-value-missed');
  return (email) => {
    if ((email.deliveryType === 'Manual' || statusForAll) && !statuses.has(email.status)) return false;
    if (applyWindow && email.dateSent !== undefined) {
      if (email.dateSent < query.dateSentStart || (applyEnd && (endExclusive ? email.dateSent >= query.dateSentEnd : email.dateSent > query.dateSentEnd))) return false;
    }
    if (userID !== undefined && email.userID !== userID) return false;
    if (title && (!title(email.title) || (exactTitleMissed && email.title === query.title))) return false;
    if (subject && !subject(email.subject)) return false;
    if (ids && !ids.has(email.emailID)) return false;
    if (query.parentEmailID !== undefined && email.parentEmailID !== query.parentEmailID && !(parentItself && email.emailID === query.parentEmailID)) return false;
    if (query.campaignID !== undefined && !campaignLost) {
      const campaigns = campaignFirstOnly ? email.campaignIDs.slice(0, 1) : email.campaignIDs;
      if (!campaigns.includes(query.campaignID)) return false;
    }
    if (category !== undefined && email.transactionalCategory?.toLowerCase() !== category) return false;
    return true;
  };
}

/**
 * Without sortField: Sent emails by dateSent descending; a manual search including Draft or Scheduled by
 * dateAdded descending. With sortField and no sortDirection: ascending. Ties: emailID ascending (search.tie-order).
 * dateSent sorts by the value shown (emails.unsent-dateSent=planned: an email not sent by its planned time).
 */
function sortSpec(query: EmailQuery, { fault, method, choices }: OperationContext) {
  const field: EmailSortField = query.sortField ?? defaultSortField(query, choices.is('emails.default-sort-mixed-status', 'dateSent'));
  const kind = SORT_KINDS[field];
  const defaultDirection = query.sortField === undefined ? (fault('emails-default-sort-ascending') ? 'asc' : 'desc') : fault('emails-sort-direction-default-desc') ? 'desc' : 'asc';
  const direction = query.sortDirection ?? defaultDirection;
  const textDescIgnored = kind === 'text' && fault('emails-sort-desc-ignored');
  const descending = direction === 'desc' && !textDescIgnored && !(method === 'POST' && fault('emails-post-direction-ignored'));
  return {
    value: field === 'dateSent' ? (email: Email) => dateSentShown(email, choices) : (email: Email) => email[field],
    kind,
    descending,
    tieBreak: (email: Email) => email.emailID,
    numbersAsText: fault('emails-sort-numbers-as-text'),
    ...searchOrder(choices, descending),
  };
}

/** bySentWhenMixed (emails.default-sort-mixed-status=dateSent): a status list that includes sent sorts by dateSent; only a list of draft/scheduled alone sorts by dateAdded. */
function defaultSortField(query: EmailQuery, bySentWhenMixed: boolean): EmailSortField {
  const manualStatuses = query.deliveryType === 'manual' && query.statusGiven;
  if (bySentWhenMixed) return manualStatuses && !query.statuses.includes('sent') ? 'dateAdded' : 'dateSent';
  const unsentIncluded = manualStatuses && query.statuses.some((status) => status !== 'sent');
  return unsentIncluded ? 'dateAdded' : 'dateSent';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
