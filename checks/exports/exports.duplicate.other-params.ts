import fc from 'fast-check';
import { defineCheck } from '../../harness/core';
import { LANES, RangeLane, rangeParams, rangeText } from '../../generators';
import { phaseOf } from '../shared/export-jobs';
import { DIFFERENCES, DUPLICATE_RUNS, firstJob, otherRange, rangeLength } from './duplicate-requests';
import { judgeDuplicateOtherParams } from '../shared/traffic';

export default defineCheck({
  rule: 'exports.duplicate.other-params',
  title: 'an export request with a different date range is accepted while another job is Pending',
  async run(ctx) {
    const { judge, api, target } = ctx;
    const { profile } = target;
    const lane = new RangeLane(LANES.duplicateOther, target.seed);
    await judge.property(
      fc.noShrink(fc.record({ lengthDays: rangeLength(), otherLengthDays: rangeLength(), differs: fc.constantFrom(...DIFFERENCES) })),
      async ({ lengthDays, otherLengthDays, differs }, sample) => {
        const range = lane.fresh(lengthDays);
        const other = otherRange(range, differs, () => lane.fresh(otherLengthDays));
        const first = await firstJob(ctx, range, sample);
        if (!first) return;
        const { jobID } = first;
        const second = await api.call('exports.emails', { params: rangeParams(other) });
        const after = await api.call('exports.jobStatus', { params: { jobID } });
        if (phaseOf(after, profile) !== 'pending') {
          sample.inconclusive(`job ${jobID} was no longer ${profile.jobStatuses.pending} when the other request arrived (after: ${after.job?.status})`);
        }
        sample.expect(second.outcome === 'success', {
          title: `an export request ${rangeText(other)} (${differs} differing) is accepted while job ${jobID} (${rangeText(range)}) is ${profile.jobStatuses.pending}`,
          expected: 'success',
          actual: { outcome: second.outcome, errors: second.errors, statusAfter: after.job?.status },
          response: second,
        });
      },
      { numRuns: DUPLICATE_RUNS },
    );
  },
  judge: (ctx) => judgeDuplicateOtherParams(ctx),
});
