import { defineCheck } from '../../harness/core';
import { exportWithRecords, fileFetched, issuedFile } from './export-with-records';
import { judgeFileReturned } from './traffic-downloads';

export default defineCheck({
  rule: 'exports.getFile.file',
  title: 'getFile with the fileKey of a completed job returns the export file',
  async run({ judge, observe }) {
    const issued = issuedFile(judge, await observe(exportWithRecords));
    if (!issued) return;
    const { job, download } = issued;
    judge.check(fileFetched(download), {
      title: `getFile with the fileKey of job ${job.jobID} returns the export file`,
      expected: 'a success carrying a non-empty file',
      actual: { outcome: download.outcome, bytes: download.file?.length ?? 0, errors: download.errors },
      response: download,
    });
  },
  judge: (ctx) => judgeFileReturned(ctx),
});
