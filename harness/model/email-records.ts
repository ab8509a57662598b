// @silent-point emails.unsent-dateSent
/** An email record as the model reads it: its ID, campaigns, whether it was sent and when. */
import type { Target } from '../check';
import { parseTargetDatetime, readInteger, type SearchRecord } from '../oracles';

const asRecord = (value: unknown): SearchRecord => (value && typeof value === 'object' ? (value as SearchRecord) : {});

export const emailID = (record: unknown): number => Number(asRecord(record).emailID);

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
export const dateSentOf = (record: unknown, target: Pick<Target, 'profile'>): Date | undefined =>
  isUnsent(record) ? undefined : parseTargetDatetime(asRecord(record).dateSent, target.profile.datetime.format);
