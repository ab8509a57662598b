import { defectiveBatch } from '../../generators';
import { defineCheck } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { resultFor, rowsSummary, succeededRowByRow } from './rows';
import { judgeRowIsolated } from './sound-records';

export default defineCheck({
  rule: 'contacts.import.row.isolated',
  title: 'a failing row fails alone: the call succeeds and the other rows succeed',
  async run(ctx) {
    await ctx.judge.property(defectiveBatch(addresses), async ({ records, defectAt, defect }, sample) => {
      const reading = await importContacts(ctx, { contacts: records });
      sample.expect(reading.accepted, {
        title: `a batch with one defective row (${defect}) is accepted as a call`,
        expected: 'success',
        actual: { outcome: reading.response.outcome, errors: reading.response.errors },
        response: reading.response,
      });
      const rows = reading.rows ?? [];
      const others = records.map((_, index) => index).filter((index) => index !== defectAt);
      const failed = others.filter((index) => !resultFor(records, rows, index)?.success);
      if (failed.length > 0 && failed.length === others.length) {
        // Every sound row failed too: judged only if the same batch without its defective row imports row by row here.
        const sound = records.map((record, index) => (index === defectAt ? undefined : { ...record, email: addresses.fresh() })).filter((record) => record !== undefined);
        const control = await importContacts(ctx, { contacts: sound });
        if (!succeededRowByRow(control, sound.length)) {
          sample.inconclusive('records of this shape fail even without a defective row among them, so isolation cannot be seen');
        }
      }
      sample.expect(failed.length === 0, {
        title: `every row but the defective row ${defectAt + 1} (${defect}) succeeds`,
        expected: { failedRows: [defectAt + 1] },
        actual: { failedRows: failed.map((index) => index + 1), rows: rowsSummary(reading) },
        response: reading.response,
      });
    });
  },
  judge: (ctx) => judgeRowIsolated(ctx),
});
