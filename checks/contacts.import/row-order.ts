/**
 * Whether an import answers one row result per input row, in input order, echoing each row's email. The
 * row's email is "Email address of the row": no case rule is written, so an address echoed in another letter
 * case (a normalised address) is the same address.
 */
import type { ContactRecord } from '../../generators';
import type { SampleEvidence } from '../../harness/check';
import type { ImportReading } from '../shared/import-answer';
import { sameText } from '../../harness/oracles';
import { sentEmail } from './rows';

/** The first claim of row order an answer breaks (else the last one it keeps), with its evidence. */
export function rowOrder(records: ContactRecord[], reading: ImportReading): { holds: boolean; evidence: SampleEvidence } {
  const rows = reading.rows ?? [];
  if (rows.length !== records.length) {
    return {
      holds: false,
      evidence: {
        title: 'contactResults holds one result per input row',
        expected: records.length,
        actual: reading.rows?.length ?? reading.result?.contactResults,
        response: reading.response,
      },
    };
  }
  const sent = records.map(sentEmail);
  const wrong = sent.findIndex((email, index) => email !== undefined && !sameText(rows[index]!.email, email));
  return {
    holds: wrong === -1,
    evidence: {
      title: `row ${wrong + 1}'s result is the result of input row ${wrong + 1} and echoes its email (letter case aside)`,
      expected: sent,
      actual: rows.map((row) => row.email),
      response: reading.response,
    },
  };
}
