// @silent-point import.success-row-errors import.warnings-when-none-failed import.error-element-shape
/**
 * What the documents say of any accepted contacts/import answer, against the records its request sent: one
 * fact per documented sentence, each a pure reading that gives the misfit (a Rejection), nothing when the
 * answer holds, or a string when the answer says nothing of it. The import rules' judges ask one fact each
 * over every recorded import; the stateful exploration's oracle asks them all of each import it sends.
 *
 * A row's email is "Email address of the row": no case rule is written, so an address echoed in another
 * letter case (a normalised address) is the same address. How an unpopulated contactID looks is not shown
 * (carriesContactID). A successful row's errors and a warnings key with nothing failed are left open.
 */
import { sameText } from '../oracles';
import type { Rejection } from './rejection';
import { countsAgree, countsOf, hasErrors, hasWarnings, sentEmail, type ImportReading } from './import-answer';

/** One documented fact of an import answer: its misfit, undefined when it holds, or why the answer says nothing of it. */
export type ImportFact = (records: readonly unknown[], reading: ImportReading) => Rejection | string | undefined;

/** "recordsInData: Total records passed in". */
const recordsInData: ImportFact = (records, reading) =>
  reading.result?.recordsInData === records.length ? undefined : { title: `recordsInData is the ${records.length} record(s) passed`, expected: records.length, actual: { recordsInData: reading.result?.recordsInData } };

/** "contactResults: One row result per input row, in input order" (each echoing its row's email). */
const rowsInInputOrder: ImportFact = (records, reading) => {
  const rows = reading.rows ?? [];
  if (rows.length !== records.length) return { title: 'contactResults holds one result per input row', expected: records.length, actual: reading.rows?.length ?? reading.result?.contactResults };
  const sent = records.map(sentEmail);
  const wrong = sent.findIndex((email, index) => email !== undefined && !sameText(rows[index]!.email, email));
  return wrong === -1 ? undefined : {
    title: `row ${wrong + 1}'s result is the result of input row ${wrong + 1} and echoes its email (letter case aside)`,
    expected: sent,
    actual: rows.map((row) => row.email),
  };
};

/** "recordsUpdated: Existing records updated; recordsInserted: New records created", as the rows flag them. */
const countsOfRows: ImportFact = (_records, reading) => {
  const counts = countsOf(reading);
  return countsAgree(counts) ? undefined : {
    title: 'recordsInserted and recordsUpdated count the rows flagged inserted and updated',
    expected: { recordsInserted: counts.flaggedInserted, recordsUpdated: counts.flaggedUpdated },
    actual: { recordsInserted: counts.inserted, recordsUpdated: counts.updated },
  };
};

/** "contactID: Populated only when success is true" (and a successful row names its contact). */
const contactIDOnSuccess: ImportFact = (_records, reading) => {
  if (!reading.rows) return 'an accepted import had no row results';
  const wrong = reading.rows.findIndex((row) => row.hasContactID !== row.success);
  const row = reading.rows[wrong];
  return row && {
    title: row.success ? `row ${wrong + 1} succeeded and carries a contactID` : `row ${wrong + 1} failed and carries no contactID`,
    expected: row.success ? 'a contactID' : 'no contactID (absent, null, "" or 0)',
    actual: { success: row.success, contactID: row.contactID },
  };
};

/** "A row may fail independently of the call: it still appears in contactResults with success 0 and details in its errors array, and the top-level warnings key carries details of the error." */
const failureReported: ImportFact = (_records, reading) => {
  const failed = (reading.rows ?? []).map((row, index) => ({ row, index })).filter(({ row }) => !row.success);
  if (failed.length === 0) return 'imports without a failed row say nothing of failure reports';
  const silent = failed.filter(({ row }) => !hasErrors(row));
  if (silent.length > 0) return { title: `failed row ${silent[0]!.index + 1} carries a non-empty errors array`, expected: 'errors: [at least one]', actual: silent.map(({ row, index }) => ({ row: index + 1, errors: row.errors })) };
  return hasWarnings(reading) ? undefined : { title: `an answer with ${failed.length} failed row(s) carries warnings`, expected: 'warnings present', actual: { warnings: reading.result?.warnings } };
};

/** The documented facts of an accepted import answer, by name. */
export const IMPORT_FACTS = { recordsInData, rowsInInputOrder, countsOfRows, contactIDOnSuccess, failureReported } as const satisfies Record<string, ImportFact>;

/** The first fact an accepted import answer breaks, undefined when it holds them all. */
export function importRejection(records: readonly unknown[], reading: ImportReading): Rejection | undefined {
  for (const fact of Object.values(IMPORT_FACTS)) {
    const misfit = fact(records, reading);
    if (misfit !== undefined && typeof misfit !== 'string') return misfit;
  }
  return undefined;
}
