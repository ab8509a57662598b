import { defineCheck } from '../../harness/check';
import { LANES, RangeLane, rangeParams } from '../../generators';
import { exploreFirstJobs } from './duplicate-requests';
import { judgeDuplicatePending } from '../shared/judges';

export default defineCheck({
  rule: 'exports.duplicate.pending',
  title: 'the same export request while the first job is Pending is refused',
  // Per draw: a first job over a fresh range, its status, the same request again, and its status after it
  // (a job still Pending after the second request was Pending when it arrived: statuses only move on).
  drive: (ctx) =>
    exploreFirstJobs(ctx, new RangeLane(LANES.duplicatePending, ctx.target.seed), async ({ jobID, range }) => {
      const { api } = ctx;
      await api.call('exports.jobStatus', { params: { jobID } });
      await api.call('exports.emails', { params: rangeParams(range) });
      await api.call('exports.jobStatus', { params: { jobID } });
    }),
  judge: (ctx) => judgeDuplicatePending(ctx),
});
