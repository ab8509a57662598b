import { defineCheck } from '../../harness/check';
import { exportWithRecords } from './export-with-records';
import { judgeExpiration } from '../shared/judges';

export default defineCheck({
  rule: 'exports.job.expiration',
  title: 'a job over a range with sends completes with a fileExpiration in the future',
  // A job over a range ending on a day with sends, polled to its end.
  async drive({ observe }) {
    await observe(exportWithRecords);
  },
  judge: (ctx) => judgeExpiration(ctx),
});
