import { defineCheck } from '../../harness/check';
import { newJobs } from './new-jobs';
import { judgeRequestJobID } from '../shared/judges';

export default defineCheck({
  rule: 'exports.request.jobID',
  title: 'an export request answers an integer jobID',
  // Export requests over a single day, two days, a month and the longest range, each over a fresh range.
  async drive({ observe }) {
    await observe(newJobs);
  },
  judge: (ctx) => judgeRequestJobID(ctx),
});
