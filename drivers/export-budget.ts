/**
 * The export budget is spent once per run. The first poll that sees a job outlast EMS_EXPORT_BUDGET_S
 * records it; every later wait for a job of the same run and target stops at its next poll with the
 * same reason, instead of waiting out the budget again (a target whose jobs never finish would cost
 * one budget per export check otherwise).
 *
 * Kept in the worker's memory and in a marker file the run's other workers see: in the Playwright
 * output folder (EMS_TEST_RESULTS_DIR, default test-results/, which Playwright clears when a run
 * starts), one file per run start and target, so runs and the fault matrix's targets never mix.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { workPath } from '../harness/contract';
import type { Target } from '../harness/check';

export interface BudgetExceeded {
  /** The job that outlasted the export budget. */
  jobID: number;
  /** Its last status. */
  status?: string;
  budgetS: number;
  /** One line: "export budget exceeded: job 12 was still Pending after 300 s (EMS_EXPORT_BUDGET_S)". */
  reason: string;
}

type BudgetTarget = Pick<Target, 'baseUrl' | 'startedAt' | 'exportBudgetS'>;

const seenHere = new Map<string, BudgetExceeded>();

const runKey = (target: BudgetTarget): string =>
  createHash('sha256').update(`${target.baseUrl}\n${target.startedAt}\n${target.exportBudgetS}`).digest('hex').slice(0, 24);

function markerFile(target: BudgetTarget): string {
  const dir = join(workPath(process.env.EMS_TEST_RESULTS_DIR ?? 'test-results'), '.export-budget');
  return join(dir, `${runKey(target)}.json`);
}

/** The job of this run that outlasted the export budget, if any check saw one (this worker or another). */
export function budgetExceeded(target: BudgetTarget): BudgetExceeded | undefined {
  const key = runKey(target);
  const known = seenHere.get(key);
  if (known) return known;
  try {
    const seen = JSON.parse(readFileSync(markerFile(target), 'utf8')) as BudgetExceeded;
    if (typeof seen.reason !== 'string' || typeof seen.jobID !== 'number') return undefined;
    seenHere.set(key, seen);
    return seen;
  } catch {
    return undefined;
  }
}

/** Records a job seen past the export budget; returns the run's first such record (this one, or one seen before). */
export function recordBudgetExceeded(target: BudgetTarget, jobID: number, status: string | undefined): BudgetExceeded {
  const earlier = budgetExceeded(target);
  if (earlier) return earlier;
  const seen: BudgetExceeded = {
    jobID,
    ...(status === undefined ? {} : { status }),
    budgetS: target.exportBudgetS,
    reason: `export budget exceeded: job ${jobID} was still ${status ?? 'unfinished'} after ${target.exportBudgetS} s (EMS_EXPORT_BUDGET_S)`,
  };
  const file = markerFile(target);
  try {
    mkdirSync(dirname(file), { recursive: true });
    // 'wx': the first worker to write wins; a later writer takes the earlier record.
    writeFileSync(file, JSON.stringify(seen), { flag: 'wx' });
  } catch {
    const first = budgetExceeded(target);
    if (first) return first;
  }
  seenHere.set(runKey(target), seen);
  return seen;
}
