/** Evidence of a search's records: the ones that break a rule, the ones it failed to return, the exact comparison. */
import type { ApiResponse } from '../../harness/core';
import { sameSet, setDifference, shortList } from '../../harness/oracles';
import { idsOf, type EmailRecord } from './email-records';
import { pageHolding, type SearchResult } from './whole-search';

/** The first five records with their ID and one field, for evidence. */
export const shownRecords = (records: readonly EmailRecord[], field: string): Array<Record<string, unknown>> =>
  records.slice(0, 5).map((record) => ({ emailID: record.emailID, [field]: record[field] }));

/** The actual and response of a check that some records break: the first of them, and the page holding the first. */
export const offenders = (result: SearchResult, records: readonly EmailRecord[], field: string): { actual: unknown; response: ApiResponse | undefined } => ({
  actual: shownRecords(records, field),
  response: pageHolding(result, records[0] ? Number(records[0].emailID) : undefined),
});

/** The expected records a search did not return. */
export function notReturned(result: SearchResult, expected: readonly EmailRecord[]): EmailRecord[] {
  const returned = new Set(idsOf(result.records));
  return expected.filter((record) => !returned.has(Number(record.emailID)));
}

export interface ExactComparison {
  ok: boolean;
  expected: unknown;
  actual: unknown;
  response?: ApiResponse;
}

/** Whether a search returned exactly the expected emails (no more, no fewer, none twice), with evidence. */
export function compareExactly(expected: readonly number[], result: SearchResult): ExactComparison {
  const actual = idsOf(result.records);
  const difference = setDifference(expected, actual);
  const repeated = actual.length - new Set(actual).size;
  const response = pageHolding(result, difference.unexpected[0]);
  return {
    ok: sameSet(difference),
    expected: { count: expected.length, emailIDs: shortList([...expected].sort((a, b) => a - b)) },
    actual: { count: actual.length, missing: shortList(difference.missing), extra: shortList(difference.unexpected), ...(repeated > 0 ? { repeated } : {}) },
    ...(response ? { response } : {}),
  };
}

/** The actual and response of a check that a search left expected records out: the first of them, their count, and its last page. */
export const leftOut = (result: SearchResult, missing: readonly EmailRecord[], field: string, more: Record<string, unknown> = {}): { actual: unknown; response: ApiResponse | undefined } => ({
  actual: { missing: shownRecords(missing, field), count: missing.length, ...more },
  response: result.pages.at(-1),
});
