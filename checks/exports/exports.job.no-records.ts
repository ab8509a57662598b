import { defineCheck } from '../../harness/core';
import { rangeText } from '../../generators';
import { exportWithoutRecords } from './export-without-records';
import { carriesFileKey, totalRecordsOf } from './job-answers';
import { judgeNoRecords } from '../shared/traffic';

export default defineCheck({
  rule: 'exports.job.no-records',
  title: 'a job over a range without sends completes and carries no fileKey',
  async run({ judge, target, observe }) {
    const { profile } = target;
    const { range, exportRun, completed, missing } = await observe(exportWithoutRecords);
    if (!range || !exportRun || !completed) {
      judge.inconclusive(missing ?? 'no Completed job without records');
      return;
    }
    const totalRecords = totalRecordsOf(completed, profile);
    if (totalRecords !== undefined && totalRecords > 0) {
      judge.inconclusive(`the export of ${rangeText(range)} found ${totalRecords} records where emails/search found no email sent`);
      return;
    }
    judge.check(!carriesFileKey(completed, profile), {
      title: `the Completed job ${exportRun.start.jobID} over ${rangeText(range)} (no email sent per emails/search) carries no fileKey`,
      expected: 'no fileKey',
      actual: { totalRecords: totalRecords ?? null, fileKey: completed.job?.fileKey ?? null },
      response: completed,
    });
  },
  judge: (ctx) => judgeNoRecords(ctx),
});
