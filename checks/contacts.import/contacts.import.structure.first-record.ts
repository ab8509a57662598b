import { defectiveBatch } from '../../generators';
import { defineCheck } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { expectRowFails } from './defective-row';
import { judgeFirstRecordStructure } from './traffic-imports';

export default defineCheck({
  rule: 'contacts.import.structure.first-record',
  title: 'a record whose keys differ from the first record fails as a row',
  async run(ctx) {
    const batches = defectiveBatch(addresses).filter((batch) => batch.defect === 'added-key' || batch.defect === 'missing-key');
    await ctx.judge.property(batches, async ({ records, defectAt, defect }, sample) => {
      const what = defect === 'added-key' ? 'a key the first record lacks' : 'missing a key of the first record';
      await expectRowFails(ctx, records, defectAt, what, sample);
    });
  },
  judge: (ctx) => judgeFirstRecordStructure(ctx),
});
