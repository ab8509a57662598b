import fc from 'fast-check';
import { defineCheck } from '../../harness/check';
import { LANES, RangeLane, rangeParams } from '../../generators';
import { DIFFERENCES, DUPLICATE_RUNS, firstJob, otherRange, rangeLength } from './duplicate-requests';
import { judgeDuplicateOtherParams } from '../shared/judges';

export default defineCheck({
  rule: 'exports.duplicate.other-params',
  title: 'an export request with a different date range is accepted while another job is Pending',
  // Per draw: a first job over a fresh range, a request over a range differing in its start, its end or both,
  // and the first job's status after it (still Pending: it was Pending when the other request arrived).
  async drive(ctx) {
    const { api, target } = ctx;
    const lane = new RangeLane(LANES.duplicateOther, target.seed);
    await ctx.explore(
      fc.noShrink(fc.record({ lengthDays: rangeLength(), otherLengthDays: rangeLength(), differs: fc.constantFrom(...DIFFERENCES) })),
      async ({ lengthDays, otherLengthDays, differs }) => {
        const range = lane.fresh(lengthDays);
        const first = await firstJob(ctx, range);
        if (!first) return;
        await api.call('exports.emails', { params: rangeParams(otherRange(range, differs, () => lane.fresh(otherLengthDays))) });
        await api.call('exports.jobStatus', { params: { jobID: first.jobID } });
      },
      { numRuns: DUPLICATE_RUNS },
    );
  },
  judge: (ctx) => judgeDuplicateOtherParams(ctx),
});
