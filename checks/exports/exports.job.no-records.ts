import { defineCheck } from '../../harness/check';
import { exportWithoutRecords } from './export-without-records';
import { judgeNoRecords } from '../shared/judges';

export default defineCheck({
  rule: 'exports.job.no-records',
  title: 'a job over a range without sends completes and carries no fileKey',
  // A job over a range long ago in which emails/search shows no email sent, polled to its end.
  async drive({ observe }) {
    await observe(exportWithoutRecords);
  },
  judge: (ctx) => judgeNoRecords(ctx),
});
