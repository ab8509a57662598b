import { defineCheck } from '../../harness/check';
import { exportWithRecords } from './export-with-records';
import { judgeExpiration } from '../shared/judges';

/** How far a target's clock may lag the harness's before a fileExpiration "in the future" is doubted. */
const CLOCK_SKEW_MS = 5 * 60_000;

export default defineCheck({
  rule: 'exports.job.expiration',
  title: 'a job over a range with sends completes with a fileExpiration in the future',
  // A job over a range ending on a day with sends, polled to its end.
  async drive({ observe }) {
    await observe(exportWithRecords);
  },
  judge: (ctx) => judgeExpiration(ctx, CLOCK_SKEW_MS),
});
