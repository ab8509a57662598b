// @silent-point emails.summary-dateSent emails.dateSentEnd-inclusive emails.status-outside-manual
/**
 * emails/search as the documents have it: each filter, what a request asks of it and which emails it
 * allows. "Every search is filtered by deliveryType" (manual by default); status applies to manual
 * searches only (sent by default) and says nothing of an email of another type; a window bound sent as a
 * full datetime bounds every sent email but an automated summary (which date a summary carries is silent).
 */
import type { Target } from '../check';
import { foldCase, matchesWildcardAnywhere, matchesWildcardExactCase, readInteger, referencedID } from '../oracles';
import { campaignIDsOf, dateSentOf, emailID } from './email-records';
import { DEFAULT_STATUSES, DELIVERY, DETAIL } from './emails-values';
import { fieldsShown, listedIDs, type AnySearchFilter, type SearchFilter } from './search-filter';
import type { Params } from './search-records';
import { readSentMoment, spelledList, spelledOrDefault } from './sent-values';

const OP = 'emails.search';

const show = fieldsShown('emailID');

/** The delivery type a request asks: the one sent as the spec spells it, manual when none is sent. */
export const askedDelivery = (params: Params): string | undefined => spelledOrDefault(OP, 'deliveryType', params);

/** A search of manual emails (deliveryType manual, sent or by default). */
export const isManualSearch = (params: Params): boolean => foldCase(askedDelivery(params)) === foldCase(DELIVERY.manual);

/** A search of automated summaries: one record per automated email (automatedResults summary, no parentEmailID). */
export const isSummarySearch = (params: Params): boolean =>
  foldCase(askedDelivery(params)) === foldCase(DELIVERY.automated) && foldCase(params.automatedResults) !== foldCase(DETAIL) && params.parentEmailID === undefined;

const deliveryType: SearchFilter<string> = {
  params: ['deliveryType'],
  asked: askedDelivery,
  admits: (email, type) => foldCase(email.deliveryType) === foldCase(type),
  describe: (type) => `deliveryType=${type}`,
  what: (type) => `has deliveryType ${type}`,
  show: show('deliveryType'),
};

/** status, in a manual search: the manual emails of the statuses listed (sent by default); an email of another type it says nothing of. */
const status: SearchFilter<string[]> = {
  params: ['status'],
  asked: (params) => (!isManualSearch(params) ? undefined : params.status === undefined ? DEFAULT_STATUSES : spelledList(OP, 'status', params.status)),
  admits: (email, statuses) =>
    foldCase(email.deliveryType) === foldCase(DELIVERY.manual) ? statuses.map(foldCase).includes(foldCase(email.status)) : undefined,
  describe: (statuses) => `status=${statuses.join(',')}`,
  what: (statuses) => `has one of the statuses ${statuses.join(',')}`,
  show: show('status'),
};

/** title or subject: `*` a wildcard, every other character literal. Anywhere and letter case aside it may match; as written it must. */
function wildcard(field: 'title' | 'subject'): SearchFilter<string> {
  return {
    params: [field],
    asked: (params) => (typeof params[field] === 'string' && params[field] !== '' ? (params[field] as string) : undefined),
    admits: (email, pattern) => matchesWildcardAnywhere(email[field], pattern),
    requires: (email, pattern) => matchesWildcardExactCase(email[field], pattern),
    describe: (pattern) => `${field}=${JSON.stringify(pattern)}`,
    what: (pattern) => `has a ${field} matching ${JSON.stringify(pattern)} (* a wildcard, every other character literal; anywhere, letter case aside)`,
    show: show(field),
  };
}

/** The explicit bounds of a window a request sent as full datetimes (a bare date's moment is not written). */
export interface SentBounds {
  start?: Date;
  end?: Date;
}

/** dateSentStart/dateSentEnd sent as full datetimes: every sent email lies within them (an automated summary aside). */
export function dateSentFilter(target: Pick<Target, 'profile'>): SearchFilter<SentBounds> {
  return {
    params: ['dateSentStart', 'dateSentEnd'],
    asked: (params) => {
      if (isSummarySearch(params)) return undefined;
      const start = readSentMoment(params.dateSentStart, target);
      const end = readSentMoment(params.dateSentEnd, target);
      return start || end ? { ...(start ? { start } : {}), ...(end ? { end } : {}) } : undefined;
    },
    admits: (email, { start, end }) => {
      const sent = dateSentOf(email, target);
      return sent === undefined ? undefined : !(start && sent < start) && !(end && sent > end);
    },
    describe: ({ start, end }) => `the window ${start?.toISOString() ?? '(default)'} .. ${end?.toISOString() ?? '(default)'}`,
    what: ({ start, end }) => `was sent within ${start?.toISOString() ?? '(default)'} .. ${end?.toISOString() ?? '(default)'}`,
    show: show('dateSent'),
  };
}

/** An integer filter a record field refers to. */
function reference(param: string, field: string, what: (value: number) => string): SearchFilter<number> {
  return {
    params: [param],
    asked: (params) => readInteger(params[param]),
    admits: (email, value) => referencedID(email[field]) === value,
    describe: (value) => `${param}=${value}`,
    what,
    show: show(field),
  };
}

const campaignID: SearchFilter<number> = {
  params: ['campaignID'],
  asked: (params) => readInteger(params.campaignID),
  admits: (email, id) => campaignIDsOf(email).includes(id),
  describe: (id) => `campaignID=${id}`,
  what: (id) => `is assigned to campaign ${id}`,
  show: show('campaignIDs'),
};

/** The filters of emails/search that read no datetime, by name. */
export const emailsSearchFilters = {
  deliveryType,
  status,
  userID: reference('userID', 'userID', (user) => `belongs to user ${user}`),
  title: wildcard('title'),
  subject: wildcard('subject'),
  emailIDs: listedIDs('emailIDs', emailID, 'emails', show('emailID')),
  parentEmailID: reference('parentEmailID', 'parentEmailID', (parent) => `is a send of email ${parent}`),
  campaignID,
} satisfies Record<string, AnySearchFilter>;

/** Every filter of emails/search, the window read with the target's datetime format. */
export const emailsSearchFiltersOf = (target: Pick<Target, 'profile'>) => ({ ...emailsSearchFilters, dateSent: dateSentFilter(target) });
