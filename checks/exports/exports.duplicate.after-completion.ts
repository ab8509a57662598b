import { defineCheck, type ApiResponse } from '../../harness/core';
import { LANES, RangeLane, rangeText } from '../../generators';
import { pollJob, startExport, timelineText } from '../shared/export-jobs';
import { firstJobProperty } from './duplicate-requests';
import { budgetText } from './job-runs';
import { judgeDuplicateAfterCompletion } from '../shared/traffic';

export default defineCheck({
  rule: 'exports.duplicate.after-completion',
  title: 'once the first job has completed, the same export request is accepted again',
  async run(ctx) {
    const { api, target } = ctx;
    await firstJobProperty(ctx, new RangeLane(LANES.duplicateAfter, target.seed), async (first, sample) => {
      const { jobID, range } = first;
      const run = await pollJob(api, target, jobID, first.startedAt);
      if (run.phase !== 'completed') {
        const unfinished = run.budgetExceeded ? budgetText(jobID, run.budgetExceeded) : 'not finished within the export budget';
        sample.inconclusive(`job ${first.jobID} did not complete (${run.finished ? `it ended ${run.timeline.at(-1)?.status ?? 'as an error'}` : unfinished})`);
      }
      // A brief refusal (a target busy with other jobs) is retried; one that lasts is the deviation.
      const jobMs = (run.finishedAt ?? Date.now()) - first.startedAt;
      const again = await startExport(api, target, range, Math.min(target.exportBudgetS * 1000, Math.max(10_000, 5 * jobMs)));
      const lastRefusal: ApiResponse | undefined = again.refusals.at(-1);
      sample.expect(again.accepted !== undefined, {
        title: `after job ${first.jobID} (${rangeText(range)}) completed, the same export request is accepted again`,
        expected: 'success',
        actual: { refusals: again.refusals.length, errors: lastRefusal?.errors, polls: timelineText(run.timeline) },
        ...(lastRefusal ? { response: lastRefusal } : {}),
      });
    });
  },
  judge: (ctx) => judgeDuplicateAfterCompletion(ctx),
});
