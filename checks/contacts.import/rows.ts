/** What an import answer says about its rows: failures reported, counts against flags, the result of an input row. */
import { isObject, type ImportReading, type RowResult } from '../shared/import-answer';

/** Whether a failing row is reported: a non-empty errors array. */
export const hasErrors = (row: RowResult): boolean => Array.isArray(row.errors) && row.errors.length > 0;

/** Whether the answer carries warnings with something in them (interface.md: "Present when rows failed"). */
export function hasWarnings(reading: ImportReading): boolean {
  const warnings = reading.result?.warnings;
  if (warnings === undefined || warnings === null || warnings === '') return false;
  if (Array.isArray(warnings)) return warnings.length > 0;
  if (isObject(warnings)) return Object.keys(warnings).length > 0;
  return true;
}

/** recordsInserted / recordsUpdated against the row flags. */
export function countsOf(reading: ImportReading): { inserted: unknown; updated: unknown; flaggedInserted: number; flaggedUpdated: number } {
  const rows = reading.rows ?? [];
  return {
    inserted: reading.result?.recordsInserted,
    updated: reading.result?.recordsUpdated,
    flaggedInserted: rows.filter((row) => row.inserted).length,
    flaggedUpdated: rows.filter((row) => row.updated).length,
  };
}

/** Whether recordsInserted and recordsUpdated count the rows flagged inserted and updated. */
export const countsAgree = (counts: ReturnType<typeof countsOf>): boolean =>
  counts.inserted === counts.flaggedInserted && counts.updated === counts.flaggedUpdated;

/** The email of a record as the row result should echo it, or undefined when the record has none to echo. */
export function sentEmail(record: unknown): string | undefined {
  return isObject(record) && typeof record.email === 'string' && record.email !== '' ? record.email : undefined;
}

/**
 * The result of input row `index`: the row at the same position when it echoes that row's email (or both
 * have none), else the one result that does (emails compared ignoring case). Checks other than the order
 * check find their rows this way, so a target answering out of order fails only the order rule.
 */
export function resultFor(records: readonly unknown[], rows: readonly RowResult[], index: number): RowResult | undefined {
  const email = sentEmail(records[index])?.toLowerCase();
  const echoes = (row: RowResult | undefined): boolean => {
    if (row === undefined) return false;
    const echoed = typeof row.email === 'string' && row.email !== '' ? row.email.toLowerCase() : undefined;
    return echoed === email;
  };
  if (echoes(rows[index])) return rows[index];
  const matching = rows.filter(echoes);
  return matching.length === 1 ? matching[0] : rows[index];
}

/** What a response shows about its rows, for evidence. */
export const rowsSummary = (reading: ImportReading) =>
  reading.rows?.map((row) => ({ email: row.email, success: row.success, inserted: row.inserted, updated: row.updated, contactID: row.contactID })) ??
  reading.response.errors;

/** Runs of a property whose samples cost several requests: the run's, at most `cap`, at least one. */
export const runsOf = (runs: number, cap: number): number => Math.max(1, Math.min(runs, cap));
