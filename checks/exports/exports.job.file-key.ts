import { defineCheck } from '../../harness/check';
import { exportWithRecords } from './export-with-records';
import { judgeFileKey } from '../shared/judges';

export default defineCheck({
  rule: 'exports.job.file-key',
  title: 'a job over a range with sends completes with a fileKey and a fileExpiration',
  // A job over a range ending on a day with sends, polled to its end.
  async drive({ observe }) {
    await observe(exportWithRecords);
  },
  judge: (ctx) => judgeFileKey(ctx),
});
