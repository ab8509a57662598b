import { defineCheck } from '../../harness/check';
import { exportWithRecords } from './export-with-records';
import { exportWithoutRecords } from './export-without-records';
import { judgeJobFinishes } from '../shared/judges';

export default defineCheck({
  rule: 'exports.job.finishes',
  title: 'a job over a range with sends and one over a range without sends reach Completed or Failed within the export budget',
  async drive({ observe }) {
    // Both jobs at once (their ranges differ): each may take the whole export budget. Either failing (a transport
    // failure) stops the test, as it would a test of one job.
    const flows = await Promise.allSettled([observe(exportWithRecords), observe(exportWithoutRecords)]);
    for (const flow of flows) if (flow.status === 'rejected') throw flow.reason;
  },
  judge: (ctx) => judgeJobFinishes(ctx),
});
