/** Email records as the checks gather them: lists of IDs and of the values a field refers to (one record's reading: harness/model). */
import { emailID } from '../../harness/model';
import { readInteger, referencedID, type SearchRecord } from '../../harness/oracles';

export type Params = Record<string, unknown>;
export type EmailRecord = SearchRecord;

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
