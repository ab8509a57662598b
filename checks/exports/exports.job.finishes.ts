import { defineCheck, type RuleJudge, type Target } from '../../harness/core';
import { rangeText } from '../../generators';
import { timelineText, type ExportRun } from '../shared/export-jobs';
import { exportWithRecords } from './export-with-records';
import { exportWithoutRecords } from './export-without-records';
import { budgetText, refusalEvidence, unusableRun } from './job-runs';
import { judgeJobFinishes } from '../shared/traffic';

/** Judges one run: the timeline is the evidence when the job never ended. */
function judgeFinishes(judge: RuleJudge, target: Target, exportRun: ExportRun): void {
  const { start, run } = exportRun;
  if (!run) {
    judge.inconclusive(unusableRun(exportRun) ?? 'no job was started', refusalEvidence(start));
    return;
  }
  if (run.finished) {
    judge.pass();
    return;
  }
  const timeline = timelineText(run.timeline);
  if (run.stoppedBecause === 'run-budget') {
    judge.inconclusive(`unfinished: the run's time budget ended while job ${start.jobID} was ${run.timeline.at(-1)?.status ?? 'unfinished'}`, [
      { title: 'polls of the job', actual: timeline },
    ]);
    return;
  }
  const { completed, failed } = target.profile.jobStatuses;
  // Another job of the run already outlasted the budget: that one is the deviation, this one was not waited for.
  const exceeded = run.budgetExceeded;
  judge.check(false, {
    title: exceeded && start.jobID !== undefined && exceeded.jobID !== start.jobID
      ? budgetText(start.jobID, exceeded)
      : `job ${start.jobID} (${rangeText(start.range)}) reaches ${completed} or ${failed} within ${target.exportBudgetS} s`,
    expected: `${completed} or ${failed} within ${target.exportBudgetS} s (EMS_EXPORT_BUDGET_S)`,
    actual: timeline,
    ...(run.last ? { response: run.last } : {}),
  });
}

export default defineCheck({
  rule: 'exports.job.finishes',
  title: 'a job over a range with sends and one over a range without sends reach Completed or Failed within the export budget',
  async run({ judge, target, observe }) {
    // Both jobs at once (their ranges differ): each may take the whole export budget.
    const flows = await Promise.allSettled([observe(exportWithRecords), observe(exportWithoutRecords)]);
    // Either failing (a transport failure) fails the rule, as it would fail a check of one job.
    const observed = flows.map((flow) => {
      if (flow.status === 'rejected') throw flow.reason;
      return flow.value;
    });
    for (const { exportRun, missing } of observed) {
      if (exportRun) judgeFinishes(judge, target, exportRun);
      else judge.inconclusive(missing ?? 'no job was started');
    }
  },
  judge: (ctx) => judgeJobFinishes(ctx),
});
