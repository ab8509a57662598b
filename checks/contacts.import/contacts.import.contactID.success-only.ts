import fc from 'fast-check';
import { anyImportBatch, defectiveBatch } from '../../generators';
import { defineCheck } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';

export default defineCheck({
  rule: 'contacts.import.contactID.success-only',
  title: 'contactID is present exactly on the rows that succeeded',
  async run(ctx) {
    const batches = fc.oneof(defectiveBatch(addresses).map((batch) => batch.records), anyImportBatch(addresses));
    await ctx.judge.property(batches, async (records, sample) => {
      const reading = await importContacts(ctx, { contacts: records });
      if (!reading.accepted || !reading.rows) return sample.inconclusive('the call was refused, so there were no row results');
      const wrong = reading.rows.findIndex((row) => row.hasContactID !== row.success);
      const row = reading.rows[wrong];
      sample.expect(row === undefined, {
        title: row?.success ? `row ${wrong + 1} succeeded and carries a contactID` : `row ${wrong + 1} failed and carries no contactID`,
        expected: row?.success ? 'a contactID' : 'no contactID',
        actual: row && { success: row.success, contactID: row.contactID, errors: row.errors },
        response: reading.response,
      });
    });
  },
});
