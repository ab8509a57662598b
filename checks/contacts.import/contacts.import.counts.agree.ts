// @silent-point import.unchanged-row-updated
import fc from 'fast-check';
import { anyImportBatch, contactOfShape, freshAddresses, updateExistingChoice } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts, updateExistingParam } from './import-call';
import { countsAgree, countsOf, runsOf } from './rows';
import { judgeImports } from './traffic-imports';

export default defineCheck({
  rule: 'contacts.import.counts.agree',
  title: 'recordsInserted and recordsUpdated equal the rows flagged inserted and updated',
  async drive(ctx) {
    // Batches of fresh contacts mixed with existing ones, so that rows are updated as well as inserted.
    const pool = freshAddresses(addresses, 6);
    await importContacts(ctx, { contacts: pool.map((email) => ({ email })) });
    const batches = fc.record({ fresh: anyImportBatch(addresses), existing: fc.subarray(pool.map((_, index) => index)), updateExisting: updateExistingChoice });
    await ctx.explore(batches, ({ fresh, existing, updateExisting }) => {
      const shape = 'customFields' in fresh[0]! ? 'email+customFields' : 'email';
      const records = [...fresh, ...existing.map((index) => contactOfShape(shape, pool[index]!, 'updated'))];
      return importContacts(ctx, { contacts: records, ...updateExistingParam(updateExisting) });
    }, { numRuns: runsOf(ctx.target.runs, 15) });
  },
  judge: (ctx) =>
    judgeImports(ctx, 'no accepted import with row results', (_records, reading) => {
      const counts = countsOf(reading);
      return countsAgree(counts) ? undefined : { title: 'recordsInserted and recordsUpdated count the rows flagged inserted and updated', expected: { recordsInserted: counts.flaggedInserted, recordsUpdated: counts.flaggedUpdated }, actual: { recordsInserted: counts.inserted, recordsUpdated: counts.updated } };
    }),
});
