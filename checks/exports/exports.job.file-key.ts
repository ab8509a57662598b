import { defineCheck } from '../../harness/core';
import { exportWithRecords, recordsJob } from './export-with-records';
import { judgeFileKey } from '../shared/traffic';

export default defineCheck({
  rule: 'exports.job.file-key',
  title: 'a job over a range with sends completes with a fileKey and a fileExpiration',
  async run({ judge, observe }) {
    const job = recordsJob(judge, await observe(exportWithRecords));
    if (!job) return;
    judge.check(job.fileKey !== undefined && job.expiration !== undefined, {
      title: `the Completed job ${job.jobID} with records (${job.totalRecords ?? 'totalRecords not given'}) carries fileKey and fileExpiration`,
      expected: { fileKey: 'a non-empty string', fileExpiration: 'a datetime' },
      actual: { fileKey: job.fileKey ?? null, fileExpiration: job.expiration ?? null },
      response: job.completed,
    });
  },
  judge: (ctx) => judgeFileKey(ctx),
});
