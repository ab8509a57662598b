import fc from 'fast-check';
import { customFieldValue, freshContacts, letterCase, smallBatchSize } from '../../generators';
import { defineCheck } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { rowsSummary } from './rows';
import { judgeCustomFields } from './sound-records';

export default defineCheck({
  rule: 'contacts.import.customFields',
  title: 'a record with customFields as a map of {value} objects imports successfully',
  async run(ctx) {
    const batches = fc.record({ size: smallBatchSize(), cases: fc.array(letterCase, { minLength: 1, maxLength: 1 }), value: customFieldValue });
    await ctx.judge.property(batches, async ({ size, cases, value }, sample) => {
      const records = freshContacts(addresses, 'email+customFields', Array(size).fill(cases[0]), value);
      const reading = await importContacts(ctx, { contacts: records });
      const failed = (reading.rows ?? []).flatMap((row, index) => (row.success ? [] : [index + 1]));
      sample.expect(reading.accepted && reading.rows?.length === size && failed.length === 0, {
        title: `${size} record(s) with customFields {emsConformanceTag: {value: ${JSON.stringify(value)}}} import successfully`,
        expected: { call: 'success', failedRows: [] },
        actual: { call: reading.response.outcome, failedRows: failed, rows: rowsSummary(reading) },
        response: reading.response,
      });
    });
  },
  judge: (ctx) => judgeCustomFields(ctx),
});
