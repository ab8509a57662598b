// @silent-point emails.unsent-dateSent
/** The harness's reading of email records: IDs, campaigns, dateSent. */
import type { Target } from '../../harness/check';
import { parseTargetDatetime, readInteger, referencedID, type SearchRecord } from '../../harness/oracles';

export type Params = Record<string, unknown>;
export type EmailRecord = SearchRecord;


const asRecord = (value: unknown): EmailRecord => (value && typeof value === 'object' ? (value as EmailRecord) : {});

export const emailID = (record: unknown): number => Number(asRecord(record).emailID);

export const idsOf = (records: readonly unknown[]): number[] => records.map(emailID);

/** The distinct integers a field holds across records (absent and non-integer values left out). */
export const distinctIntegers = (records: readonly EmailRecord[], field: string): number[] =>
  [...new Set(records.map((record) => readInteger(record[field])).filter((id): id is number => id !== undefined))];

/**
 * The distinct records a reference field (parentEmailID, userID, templateID, ...) refers to:
 * positive integers only, so a missing key, null, "" and 0 (each a reading of "none") are left out.
 */
export const distinctReferences = (records: readonly EmailRecord[], field: string): number[] =>
  [...new Set(records.map((record) => referencedID(record[field])).filter((id): id is number => id !== undefined))];

export function campaignIDsOf(record: unknown): number[] {
  const value = asRecord(record).campaignIDs;
  return Array.isArray(value) ? value.map(readInteger).filter((id): id is number => id !== undefined) : [];
}

/** Statuses of an email that was not sent: its dateSent, if it has one, is what silent point `emails.unsent-dateSent` leaves open. */
const UNSENT_STATUSES = new Set(['draft', 'scheduled']);

/** Whether the record says it was not sent (status Draft or Scheduled, in any letter case). */
export const isUnsent = (record: unknown): boolean => {
  const status = asRecord(record).status;
  return typeof status === 'string' && UNSENT_STATUSES.has(status.trim().toLowerCase());
};

/**
 * When the email was sent; undefined when it has no dateSent, or was not sent. An email not sent may carry no
 * dateSent or its planned send time, and a dateSent window may leave it in or out (silent point
 * `emails.unsent-dateSent`, spec/silent-points.yaml): no window judgement reads the dateSent of such an email.
 */
export const dateSentOf = (record: unknown, target: Target): Date | undefined =>
  isUnsent(record) ? undefined : parseTargetDatetime(asRecord(record).dateSent, target.profile.datetime.format);
