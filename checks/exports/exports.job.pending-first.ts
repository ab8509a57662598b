import { defineCheck } from '../../harness/check';
import { newJobs } from './new-jobs';
import { judgePendingFirst } from '../shared/judges';
import { knownStatuses } from '../../harness/model';

export default defineCheck({
  rule: 'exports.job.pending-first',
  title: 'a new export job is first reported Pending or a later status',
  // New jobs over fresh ranges, each asked for its status at once.
  async drive({ observe }) {
    await observe(newJobs);
  },
  judge: (ctx) => judgePendingFirst(ctx, knownStatuses(ctx.target)),
});
