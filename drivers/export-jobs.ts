// @silent-point exports.running-statuses
/**
 * Export jobs as a client runs them (shared by the exports and auth checks): requesting a job over a
 * range and polling it to its end (the job answer read through the profile: harness/model/export-job.ts).
 */
import type { ApiClient, ApiResponse, Target } from '../harness/check';
import { jobIdOf, jobStatusOf, phaseOf, type JobPhase } from '../harness/model';
import { rangeParams, type DateRange } from '../generators';
import { budgetExceeded, recordBudgetExceeded, type BudgetExceeded } from './export-budget';

// ------------------------------------------------------------------ requesting a job

export interface ExportStart {
  range: DateRange;
  /** The accepted request (undefined when every attempt was refused). */
  accepted?: ApiResponse;
  jobID?: number;
  /** The refused attempts, in order. */
  refusals: ApiResponse[];
  /** When the accepted request was sent (ms since epoch). */
  startedAt: number;
}

/**
 * The wait between two polls of a job, and between two tries of a refused export request (named: `npm run bench`
 * tells the harness's waits by the function that sets the timer, and counts both as waiting on export polls).
 */
const waitBetweenPolls = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Requests an export of the range; a refusal is retried with backoff for up to `retryForMs`. Ranges
 * are unique per use (generators' RangeLane), so a refusal is never the documented duplicate rule:
 * it is a target that refuses this range (kept refusing: given up) or that is briefly refusing everything.
 */
export async function startExport(api: ApiClient, target: Target, range: DateRange, retryForMs: number): Promise<ExportStart> {
  const refusals: ApiResponse[] = [];
  const until = Date.now() + retryForMs;
  let delay = 250;
  for (;;) {
    const startedAt = Date.now();
    const response = await api.call('exports.emails', { params: rangeParams(range) });
    if (response.outcome === 'success') {
      return { range, accepted: response, jobID: jobIdOf(response, target.profile), refusals, startedAt };
    }
    refusals.push(response);
    if (Date.now() + delay > Math.min(until, target.deadline)) return { range, refusals, startedAt };
    await waitBetweenPolls(delay);
    delay = Math.min(delay * 1.5, 1000);
  }
}

// ------------------------------------------------------------------ polling

export interface Poll {
  elapsedMs: number;
  outcome: ApiResponse['outcome'];
  status?: string;
  phase: JobPhase;
}

export interface JobRun {
  /** The last jobStatus answer. */
  last?: ApiResponse;
  phase: JobPhase;
  finished: boolean;
  /** Why polling stopped without an end: the export budget, or the run's time budget. */
  stoppedBecause?: 'export-budget' | 'run-budget';
  /**
   * With stoppedBecause 'export-budget': the run's first job seen past the export budget (this job, or
   * an earlier one of the run, in which case this job was not waited for: the budget is spent once per run).
   */
  budgetExceeded?: BudgetExceeded;
  timeline: Poll[];
  /** When the end was seen (ms since epoch). */
  finishedAt?: number;
}

/**
 * Polls jobStatus with backoff (EMS_EXPORT_POLL_MS, default 200 ms, growing by a quarter, at most 5 s apart) until the job is Completed or
 * Failed (per the profile), or the export budget (EMS_EXPORT_BUDGET_S) from `startedAt` has passed, or
 * another job of the run was seen past it (export-budget.ts: the budget is spent once per run).
 * Pending, running and unknown statuses mean "poll again" (the full list of statuses is not shown).
 */
export async function pollJob(api: ApiClient, target: Target, jobID: number, startedAt: number): Promise<JobRun> {
  const timeline: Poll[] = [];
  const budgetEnd = startedAt + target.exportBudgetS * 1000;
  let delay = target.exportPollMs;
  let last: ApiResponse | undefined;
  for (;;) {
    last = await api.call('exports.jobStatus', { params: { jobID } });
    const phase = phaseOf(last, target.profile);
    const status = jobStatusOf(last);
    timeline.push({ elapsedMs: Date.now() - startedAt, outcome: last.outcome, ...(status === undefined ? {} : { status }), phase });
    if (phase === 'completed' || phase === 'failed') return { last, phase, finished: true, timeline, finishedAt: Date.now() };
    const seen = budgetExceeded(target);
    if (seen) return { last, phase, finished: false, stoppedBecause: 'export-budget', budgetExceeded: seen, timeline };
    const next = Date.now() + delay;
    if (next > budgetEnd) {
      return { last, phase, finished: false, stoppedBecause: 'export-budget', budgetExceeded: recordBudgetExceeded(target, jobID, status), timeline };
    }
    if (next > target.deadline) return { last, phase, finished: false, stoppedBecause: 'run-budget', timeline };
    await waitBetweenPolls(delay);
    delay = Math.min(Math.round(delay * 1.25), 5000);
  }
}

/** A job started and run to its end. */
export interface ExportRun {
  start: ExportStart;
  run?: JobRun;
}

/** Requests an export of the range (retried within the export budget) and polls the job to its end. */
export async function runExport(api: ApiClient, target: Target, range: DateRange): Promise<ExportRun> {
  const start = await startExport(api, target, range, target.exportBudgetS * 1000);
  if (start.jobID === undefined) return { start };
  return { start, run: await pollJob(api, target, start.jobID, start.startedAt) };
}
