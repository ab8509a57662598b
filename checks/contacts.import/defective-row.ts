/** A batch with one defective row: the call must succeed and that row fail. */
import type { Sample } from '../../harness/core';
import { importContacts, type Importer } from './import-call';
import { resultFor, rowsSummary } from './rows';

/** Imports the batch; the sample holds when the call succeeds and row `defectAt` (described by `what`) fails as a row. */
export async function expectRowFails(ctx: Importer, contacts: unknown[], defectAt: number, what: string, sample: Sample): Promise<void> {
  const reading = await importContacts(ctx, { contacts });
  const row = resultFor(contacts, reading.rows ?? [], defectAt);
  sample.expect(reading.accepted && row !== undefined && !row.success, {
    title: `row ${defectAt + 1} (${what}) fails as a row`,
    expected: { call: 'success', [`row ${defectAt + 1}`]: { success: 0 } },
    actual: { call: reading.response.outcome, rows: rowsSummary(reading) },
    response: reading.response,
  });
}
