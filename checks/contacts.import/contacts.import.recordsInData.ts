import { anyImportBatch } from '../../generators';
import { defineCheck } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { rowsSummary } from './rows';
import { judgeImports } from './traffic-imports';

export default defineCheck({
  rule: 'contacts.import.recordsInData',
  title: 'recordsInData equals the number of records passed',
  async run(ctx) {
    await ctx.judge.property(anyImportBatch(addresses), async (records, sample) => {
      const reading = await importContacts(ctx, { contacts: records });
      if (!reading.accepted) sample.inconclusive('the call was refused, so there was no recordsInData');
      sample.expect(reading.result?.recordsInData === records.length, {
        title: `recordsInData is the ${records.length} record(s) passed`,
        expected: records.length,
        actual: { recordsInData: reading.result?.recordsInData, rows: rowsSummary(reading) },
        response: reading.response,
      });
    });
  },
  judge: (ctx) =>
    judgeImports(ctx, 'no accepted import of an array of records', (records, reading) =>
      reading.result?.recordsInData === records.length ? undefined : { title: `recordsInData is the ${records.length} record(s) passed`, expected: records.length, actual: { recordsInData: reading.result?.recordsInData } }),
});
