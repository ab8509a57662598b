import { defineCheck } from '../../harness/core';
import { rangeText, type DateRange } from '../../generators';
import { runExport, timelineText } from '../shared/export-jobs';
import { refusalEvidence, unusableRun } from './job-runs';
import { judgeJobFailed } from '../shared/traffic';

export default defineCheck({
  rule: 'exports.job.failed',
  title: 'a job over the failing fixture range ends Failed, reported as an error',
  async run({ judge, api, target }) {
    const { profile } = target;
    const fixture = profile.fixtures?.failingExport as DateRange;
    const exportRun = await runExport(api, target, { startDate: fixture.startDate, endDate: fixture.endDate });
    const { start, run } = exportRun;
    if (!start.accepted || start.jobID === undefined || !run) {
      judge.inconclusive(unusableRun(exportRun) ?? 'no job was started', refusalEvidence(start));
      return;
    }
    if (!run.finished) {
      judge.inconclusive(unusableRun(exportRun)!, [{ title: 'polls of the job', actual: timelineText(run.timeline) }]);
      return;
    }
    const last = run.last!;
    const { failed } = profile.jobStatuses;
    const signalled = (last.code !== undefined && last.code !== 0) || last.errors.length > 0;
    judge.check(run.phase === 'failed' && last.outcome === 'error' && signalled, {
      title: `the job ${start.jobID} over the failing fixture ${rangeText(start.range)} ends ${failed}, answered as an error with its reason`,
      expected: { outcome: 'error', status: `${failed} (or none, the error being the report)`, reason: 'a non-zero code or error messages' },
      actual: { outcome: last.outcome, status: last.job?.status ?? null, code: last.code ?? null, errors: last.errors, polls: timelineText(run.timeline) },
      response: last,
    });
  },
  judge: (ctx) => judgeJobFailed(ctx, ctx.target.profile.fixtures?.failingExport as DateRange | undefined),
});
