import { defineCheck } from '../../harness/check';
import { LANES, RangeLane } from '../../generators';
import { pollJob, startExport } from '../../drivers';
import { exploreFirstJobs } from './duplicate-requests';
import { driveRepeats } from './repeat-after-end';
import { judgeDuplicateAfterCompletion } from '../shared/judges';

export default defineCheck({
  rule: 'exports.duplicate.after-completion',
  title: 'once the first job has completed, the same export request is accepted again',
  // Every run: a range with sends and a range without (found through emails/search), each requested, run to its
  // end and requested again. Then per draw: a first job over a fresh range polled to its end, then the same request
  // again. A brief refusal (a target busy with other jobs) is retried; one that lasts is what the judge reads.
  async drive(ctx) {
    await driveRepeats(ctx);
    await exploreFirstJobs(ctx, new RangeLane(LANES.duplicateAfter, ctx.target.seed), async (first) => {
      const { api, target } = ctx;
      const run = await pollJob(api, target, first.jobID, first.startedAt);
      if (run.phase !== 'completed') return;
      const jobMs = (run.finishedAt ?? Date.now()) - first.startedAt;
      await startExport(api, target, first.range, Math.min(target.exportBudgetS * 1000, Math.max(10_000, 5 * jobMs)));
    });
  },
  judge: (ctx) => judgeDuplicateAfterCompletion(ctx),
});
