/**
 * Which records of an import a row must import, and which break a documented rule. A record is sound when
 * nothing written lets its row fail: an object whose keys are the first record's, an address
 * (local@domain.tld) no other record of the call repeats (letter case aside), not a fixture's suppressed
 * address, scalar values, customFields (if any) a map of {value} objects. A record is defective when it
 * breaks the first record's structure or the required address. Pure.
 */
import type { Target } from '../check';
import { isObject, sentEmail } from './import-answer';

/** local@domain.tld, no spaces. */
const ADDRESS = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

const isScalar = (value: unknown): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const keysOf = (record: unknown): string => (isObject(record) ? Object.keys(record).sort().join('\u0000') : '');

/** customFields as documented: an object mapping each custom field name to an object with a value member. */
export function wellFormedCustomFields(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length > 0 && Object.values(value).every((field) => isObject(field) && Object.keys(field).length === 1 && 'value' in field && isScalar(field.value));
}

/** The fixture addresses the target profile names as suppressed (a target may refuse to import them). */
const suppressed = (target: Pick<Target, 'profile'>): Set<string> => new Set((target.profile.fixtures?.suppressedEmails ?? []).map((email) => email.toLowerCase()));

/**
 * How many records of the batch carry each address (letter case aside), counted once per batch: a judge asks of
 * every record of a call of up to 1000, and counting per record made that quadratic.
 */
const addressCounts = new WeakMap<readonly unknown[], Map<string, number>>();
function countOfAddress(records: readonly unknown[], address: string): number {
  let counts = addressCounts.get(records);
  if (!counts) {
    counts = new Map();
    for (const other of records) {
      const email = sentEmail(other)?.toLowerCase();
      if (email !== undefined) counts.set(email, (counts.get(email) ?? 0) + 1);
    }
    addressCounts.set(records, counts);
  }
  return counts.get(address) ?? 0;
}

/** Whether record `index` of the batch is sound (see the file's comment). */
export function soundRecord(records: readonly unknown[], index: number, target: Pick<Target, 'profile'>): boolean {
  const record = records[index];
  const email = sentEmail(record);
  if (!isObject(record) || email === undefined || !ADDRESS.test(email) || suppressed(target).has(email.toLowerCase())) return false;
  if (keysOf(record) !== keysOf(records[0])) return false;
  if (countOfAddress(records, email.toLowerCase()) > 1) return false;
  return Object.entries(record).every(([name, value]) => name === 'email' || (name === 'customFields' ? wellFormedCustomFields(value) : isScalar(value)));
}

/** Whether record `index` breaks a documented rule of the first record's structure or the required address (or is no address at all). */
export function defectiveRecord(records: readonly unknown[], index: number): boolean {
  const record = records[index];
  const email = sentEmail(record);
  return !isObject(record) || email === undefined || !ADDRESS.test(email) || (index > 0 && keysOf(record) !== keysOf(records[0]));
}

