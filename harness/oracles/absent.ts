// @silent-point records.absent-value
import { readInteger } from './integers';

/**
 * Absent values. interface.md marks fields "none" by default and says nothing of how a record
 * carries a value it does not have; service-facts.md shows `""` for absent values (dates never set,
 * autoResponseEmailID, userID, parentEmailID, abSplitID). A missing key, `null` and `""` are each a
 * reasonable way to say "no value", so every check that asks "has a value" reads them alike.
 */
export const isAbsent = (value: unknown): boolean => value === undefined || value === null || value === '';

/** The record carries a value (the opposite of isAbsent). */
export const hasValue = (value: unknown): boolean => !isAbsent(value);

/**
 * An integer that refers to another record (parentEmailID, abSplitID, autoResponseEmailID,
 * templateID, userID, ...): a positive integer (a JSON integer or a string of digits), else
 * undefined. IDs are never documented as 0 or negative, so a missing key, `null`, `""` and `0`
 * all mean "refers to none": a check asking "has a parent" must not count 0 as a parent.
 */
export function referencedID(value: unknown): number | undefined {
  const id = readInteger(value);
  return id !== undefined && id > 0 ? id : undefined;
}

/** The record refers to another record through this value (referencedID is defined). */
export const refersToRecord = (value: unknown): boolean => referencedID(value) !== undefined;
