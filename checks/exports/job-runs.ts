/** What the export drivers say about a job run: how long a request is retried, why a run gives nothing to go on. */
import type { Target } from '../../harness/check';
import { rangeText } from '../../generators';
import type { BudgetExceeded, ExportRun } from '../../drivers';

/** How long a check retries an export request that a conforming target would accept at once. */
export function retryWindowMs(target: Target): number {
  return Math.min(30_000, target.exportBudgetS * 1000);
}

/** Why a run gives no completed job to judge further, or undefined when it does. */
export function unusableRun(exportRun: ExportRun): string | undefined {
  const { start, run } = exportRun;
  if (!start.accepted) return `the export request ${rangeText(start.range)} was refused ${start.refusals.length} time(s): ${start.refusals.at(-1)?.errors[0] ?? 'no message'}`;
  if (start.jobID === undefined) return `the export request ${rangeText(start.range)} answered no readable jobID`;
  if (!run) return 'the job was not polled';
  if (!run.finished && run.stoppedBecause === 'export-budget' && run.budgetExceeded) return budgetText(start.jobID, run.budgetExceeded);
  if (!run.finished) return `the job ${start.jobID} did not finish (${run.stoppedBecause === 'run-budget' ? 'run time budget reached' : 'export budget reached'}; last status ${run.timeline.at(-1)?.status ?? 'none'})`;
  if (run.phase !== 'completed') return `the job ${start.jobID} ended ${run.timeline.at(-1)?.status ?? 'as an error'}, not Completed`;
  return undefined;
}

/** Why a job was not waited for to its end: the run's first job past the export budget (this one or an earlier one). */
function budgetText(jobID: number, exceeded: BudgetExceeded): string {
  return exceeded.jobID === jobID ? exceeded.reason : `${exceeded.reason}; job ${jobID} was not waited for (the export budget is spent once per run)`;
}
