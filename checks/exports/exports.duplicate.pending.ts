import { defineCheck } from '../../harness/core';
import { LANES, RangeLane, rangeParams, rangeText } from '../../generators';
import { phaseOf } from '../shared/export-jobs';
import { firstJobProperty } from './duplicate-requests';
import { rawJobId } from './job-answers';
import { judgeDuplicatePending } from '../shared/traffic';

export default defineCheck({
  rule: 'exports.duplicate.pending',
  title: 'the same export request while the first job is Pending is refused',
  async run(ctx) {
    const { api, target } = ctx;
    const { profile } = target;
    await firstJobProperty(ctx, new RangeLane(LANES.duplicatePending, target.seed), async ({ jobID, range }, sample) => {
      const before = await api.call('exports.jobStatus', { params: { jobID } });
      const second = await api.call('exports.emails', { params: rangeParams(range) });
      const after = await api.call('exports.jobStatus', { params: { jobID } });
      // Statuses only move on: Pending after the second request means Pending when it arrived.
      if (phaseOf(after, profile) !== 'pending') {
        sample.inconclusive(`job ${jobID} was no longer ${profile.jobStatuses.pending} when the duplicate arrived (before: ${before.job?.status}, after: ${after.job?.status})`);
      }
      sample.expect(second.outcome === 'error', {
        title: `a second export request ${rangeText(range)} while job ${jobID} is ${profile.jobStatuses.pending} is refused`,
        expected: 'error',
        actual: { outcome: second.outcome, jobID: rawJobId(second, profile) ?? null, statusBefore: before.job?.status, statusAfter: after.job?.status },
        response: second,
      });
    });
  },
  judge: (ctx) => judgeDuplicatePending(ctx),
});
