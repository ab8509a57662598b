/**
 * The deterministic part of exports.duplicate.after-completion's driver, the same every run and every seed: an
 * export over a range with sends and one over a range without sends (both found through emails/search), each
 * requested, polled to its end, and requested again (that second job polled to its end too, so it blocks nothing).
 */
import type { CheckContext } from '../../harness/check';
import { LANES, RangeLane, type DateRange } from '../../generators';
import { findDayWithSends, pollJob, startExport } from '../../drivers';
import { findRangeWithoutSends } from './empty-range';
import { retryWindowMs } from './job-runs';

/**
 * The records lane's range this driver takes: the lane's first is the shared records observation's, its
 * second exports.getFile.availability's own job (export-with-records.ts), so the third is nobody else's.
 */
const RECORDS_LANE_NTH = 2;
/** Days of the range without sends: another length than the shared observation's (14), so never its parameters. */
const EMPTY_RANGE_DAYS = 13;

/** A range ending on a day emails/search shows a send on (undefined when none is found). */
async function rangeWithSends({ api, target }: Pick<CheckContext, 'api' | 'target'>): Promise<DateRange | undefined> {
  const found = await findDayWithSends(api, target);
  if (!found) return undefined;
  const lane = new RangeLane(LANES.fileRecords, target.seed, { endingAt: found.day });
  for (let i = 0; i < RECORDS_LANE_NTH; i++) lane.fresh();
  return lane.fresh();
}

/** Requests the range, polls its job to its end, requests it again (retried a while: a target briefly busy) and polls that job to its end. */
export async function repeatAfterEnd({ api, target }: Pick<CheckContext, 'api' | 'target'>, range: DateRange): Promise<void> {
  const first = await startExport(api, target, range, retryWindowMs(target));
  if (first.jobID === undefined) return;
  const run = await pollJob(api, target, first.jobID, first.startedAt);
  if (!run.finished) return;
  const jobMs = (run.finishedAt ?? Date.now()) - first.startedAt;
  const again = await startExport(api, target, range, Math.min(target.exportBudgetS * 1000, Math.max(10_000, 5 * jobMs)));
  if (again.jobID !== undefined) await pollJob(api, target, again.jobID, again.startedAt);
}

/** Both repeats: over a range with sends and over a range without. */
export async function driveRepeats(ctx: Pick<CheckContext, 'api' | 'target'>): Promise<void> {
  const withSends = await rangeWithSends(ctx);
  if (withSends) await repeatAfterEnd(ctx, withSends);
  const withoutSends = await findRangeWithoutSends(ctx.api, ctx.target, EMPTY_RANGE_DAYS);
  if (withoutSends) await repeatAfterEnd(ctx, withoutSends.range);
}
