import fc from 'fast-check';
import { anyImportBatch, contactOfShape, freshAddresses, updateExistingChoice } from '../../generators';
import { defineCheck, type CheckContext } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { importContacts, updateExistingParam } from './import-call';
import { judgeAlongSequences } from './membership-sequences';
import { countsAgree, countsOf, rowsSummary, runsOf } from './rows';
import { judgeImports } from './traffic-imports';

export default defineCheck({
  rule: 'contacts.import.counts.agree',
  title: 'recordsInserted and recordsUpdated equal the rows flagged inserted and updated',
  async run(ctx) {
    await judgeMixedBatches(ctx);
    // Along import sequences too, as the membership model runs them.
    await judgeAlongSequences(ctx, 'counts');
  },
  judge: (ctx) =>
    judgeImports(ctx, 'no accepted import with row results', (_records, reading) => {
      const counts = countsOf(reading);
      return countsAgree(counts) ? undefined : { title: 'recordsInserted and recordsUpdated count the rows flagged inserted and updated', expected: { recordsInserted: counts.flaggedInserted, recordsUpdated: counts.flaggedUpdated }, actual: { recordsInserted: counts.inserted, recordsUpdated: counts.updated } };
    }),
});

/** Batches of fresh contacts mixed with existing ones, so that rows are updated as well as inserted. */
async function judgeMixedBatches(ctx: CheckContext): Promise<void> {
  const { judge, target } = ctx;
  // Existing contacts to mix into the batches.
  const pool = freshAddresses(addresses, 6);
  const seeded = await importContacts(ctx, { contacts: pool.map((email) => ({ email })) });
  if (!seeded.accepted) {
    judge.inconclusive('importing the contacts the batches re-import was refused', [{ title: 'seeding import', actual: rowsSummary(seeded), curl: seeded.response.curl }]);
    return;
  }

  const batches = fc.record({ fresh: anyImportBatch(addresses), existing: fc.subarray(pool.map((_, index) => index)), updateExisting: updateExistingChoice });
  await judge.property(batches, async ({ fresh, existing, updateExisting }, sample) => {
    const shape = 'customFields' in fresh[0]! ? 'email+customFields' : 'email';
    const records = [...fresh, ...existing.map((index) => contactOfShape(shape, pool[index]!, 'updated'))];
    const reading = await importContacts(ctx, { contacts: records, ...updateExistingParam(updateExisting) });
    if (!reading.accepted) sample.inconclusive('the call was refused, so there were no counts');
    const counts = countsOf(reading);
    sample.expect(countsAgree(counts), {
      title: 'recordsInserted and recordsUpdated count the rows flagged inserted and updated',
      expected: { recordsInserted: counts.flaggedInserted, recordsUpdated: counts.flaggedUpdated },
      actual: { recordsInserted: counts.inserted, recordsUpdated: counts.updated },
      response: reading.response,
    });
  }, { numRuns: runsOf(target.runs, 15) });
}
