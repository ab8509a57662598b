// @silent-point emails.summary-dateSent emails.dateSentEnd-inclusive
/**
 * What every served emails/search returns for each filter it carried, whatever else it carried: pure
 * functions of one exchange, the membership part of each filter rule's judge (filter-judge.ts).
 */
import type { Target } from '../../harness/check';
import { foldCase, matchesWildcardAnywhere, readInteger, referencedID } from '../../harness/oracles';
import { everyRecordJudge, type ExchangeJudge, type ExploredExchange, type SearchRecord } from '../../drivers';
import { readSentMoment } from '../shared/judges';
import { DEFAULT_STATUSES, DELIVERY, DETAIL } from './documented-values';
import { campaignIDsOf, dateSentOf, emailID } from './email-records';

const show = (field: string) => (email: SearchRecord) => ({ emailID: email.emailID, [field]: email[field] });

/** The delivery type a request sent (undefined: the default). */
const sentDelivery = (e: ExploredExchange): string | undefined => (typeof e.params.deliveryType === 'string' ? e.params.deliveryType : undefined);
/** A manual search: deliveryType manual, or none (the default). */
const isManualSearch = (e: ExploredExchange): boolean => sentDelivery(e) === undefined || foldCase(sentDelivery(e)) === foldCase(DELIVERY.manual);
/**
 * Whether a manual email has one of the statuses; undefined for an email of another delivery type (what a
 * search without deliveryType returns besides manual emails is deliveryType.default's business).
 */
const manualWithStatus = (email: SearchRecord, statuses: string[]): boolean | undefined =>
  foldCase(email.deliveryType) === foldCase(DELIVERY.manual) ? statuses.map(foldCase).includes(foldCase(email.status)) : undefined;
/**
 * A search of automated summaries: which date a summary's dateSent is is not written (README, "What is not
 * judged"), so the window rules leave them out.
 */
const isSummary = (e: ExploredExchange): boolean =>
  foldCase(sentDelivery(e)) === foldCase(DELIVERY.automated) && foldCase(e.params.automatedResults) !== foldCase(DETAIL) && e.params.parentEmailID === undefined;

/** deliveryType: only emails of that type. */
export const deliveryTypeJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: sentDelivery,
    member: (email, type) => foldCase(email.deliveryType) === foldCase(type),
    what: (type) => `has deliveryType ${type}`,
    show: show('deliveryType'),
  });

/** Without deliveryType: only manual emails. */
export const deliveryTypeDefaultJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => (sentDelivery(e) === undefined ? DELIVERY.manual : undefined),
    member: (email, type) => foldCase(email.deliveryType) === foldCase(type),
    what: (type) => `(sent without deliveryType) has deliveryType ${type}`,
    show: show('deliveryType'),
  });

const statusList = (value: unknown): string[] | undefined => (Array.isArray(value) && value.length > 0 ? value.map(String) : undefined);

/** status in a manual search (deliveryType manual or none): only manual emails of the statuses listed. */
export const statusFilterJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => (isManualSearch(e) ? statusList(e.params.status) : undefined),
    member: manualWithStatus,
    what: (statuses) => `has one of the statuses ${statuses.join(',')}`,
    show: show('status'),
  });

/** A manual search (deliveryType manual or none) without status: only manual emails of the default statuses. */
export const statusDefaultJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => (isManualSearch(e) && e.params.status === undefined ? DEFAULT_STATUSES : undefined),
    member: manualWithStatus,
    what: (statuses) => `(a manual search without status) has status ${statuses.join(',')}`,
    show: show('status'),
  });

/** title or subject: `*` a wildcard, every other character literal; a misfit matches under no reading (anywhere, case aside). */
export const wildcardJudge = (field: 'title' | 'subject'): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => (typeof e.params[field] === 'string' && e.params[field] !== '' ? (e.params[field] as string) : undefined),
    member: (email, pattern) => matchesWildcardAnywhere(email[field], pattern),
    what: (pattern) => `has a ${field} matching ${JSON.stringify(pattern)} (* a wildcard, every other character literal; anywhere, letter case aside)`,
    show: show(field),
  });

/** The moment of an email's dateSent (undefined: none, a draft or a scheduled email). */
const sentAt = (target: Target) => (email: SearchRecord): Date | undefined => dateSentOf(email, target);

/** dateSent given by one end or both: every email lies within the ends sent. */
export const dateSentJudge = (target: Target): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => {
      if (isSummary(e)) return undefined;
      const start = readSentMoment(e.params.dateSentStart, target);
      const end = readSentMoment(e.params.dateSentEnd, target);
      return start || end ? { start, end } : undefined;
    },
    member: (email, { start, end }) => {
      const sent = sentAt(target)(email);
      return sent === undefined ? undefined : !(start && sent < start) && !(end && sent > end);
    },
    what: ({ start, end }) => `was sent within ${start?.toISOString() ?? '(default)'} .. ${end?.toISOString() ?? '(default)'}`,
    show: show('dateSent'),
  });

const integerOf = (name: string) => (e: ExploredExchange): number | undefined => readInteger(e.params[name]);

/** emailIDs: only the listed emails. */
export const emailIDsJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: (e) => (Array.isArray(e.params.emailIDs) && e.params.emailIDs.length > 0 ? (e.params.emailIDs as unknown[]).map(readInteger) : undefined),
    member: (email, ids) => ids.includes(emailID(email)),
    what: (ids) => `is one of the listed emails ${ids.join(',')}`,
    show: show('emailID'),
  });

/** campaignID: only emails assigned to the campaign. */
export const campaignIDJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: integerOf('campaignID'),
    member: (email, id) => campaignIDsOf(email).includes(id),
    what: (id) => `is assigned to campaign ${id}`,
    show: show('campaignIDs'),
  });

/** parentEmailID: only the sends of that parent. */
export const parentEmailIDJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: integerOf('parentEmailID'),
    member: (email, parent) => referencedID(email.parentEmailID) === parent,
    what: (parent) => `is a send of email ${parent}`,
    show: show('parentEmailID'),
  });

/** userID: only emails of that user. */
export const userIDJudge = (): ExchangeJudge =>
  everyRecordJudge({
    valueOf: integerOf('userID'),
    member: (email, user) => referencedID(email.userID) === user,
    what: (user) => `belongs to user ${user}`,
    show: show('userID'),
  });
