/** The draws of the duplicate rules: a first job to be a duplicate of, and ranges that differ from its range. */
import fc from 'fast-check';
import type { CheckContext } from '../../harness/check';
import { formatDate } from '../../harness/oracles';
import { DAY_MS, MAX_RANGE_DAYS, type DateRange, type RangeLane } from '../../generators';
import { startExport, type ExportStart } from '../../drivers';
import { retryWindowMs } from './job-runs';

/** Draws of the duplicate explorations: each starts jobs, and one waits for a job to complete. */
export const DUPLICATE_RUNS = 4;

/** The length in days of a draw's range (two days or more: a single day is exports.request.jobID's). */
export const rangeLength = () => fc.integer({ min: 1, max: MAX_RANGE_DAYS });

/** The first job of a duplicate-rule draw: accepted, with a jobID. */
export type FirstJob = ExportStart & { jobID: number };

/**
 * The first job of a duplicate-rule draw; undefined when the first request was not accepted with a jobID
 * (the judge then finds no job to be a duplicate of).
 */
export async function firstJob({ api, target }: Pick<CheckContext, 'api' | 'target'>, range: DateRange): Promise<FirstJob | undefined> {
  const first = await startExport(api, target, range, retryWindowMs(target));
  return first.jobID === undefined ? undefined : { ...first, jobID: first.jobID };
}

/**
 * A duplicate-rule exploration over one fresh range of the lane per draw (two days or more): each draw
 * starts a first job over it, and `sendAfter` sends what follows; the rule's judge reads it all.
 */
export function exploreFirstJobs(ctx: CheckContext, lane: RangeLane, sendAfter: (first: FirstJob) => Promise<void>): Promise<void> {
  return ctx.explore(
    fc.noShrink(fc.record({ lengthDays: rangeLength() })),
    async ({ lengthDays }) => {
      const first = await firstJob(ctx, lane.fresh(lengthDays));
      if (first) await sendAfter(first);
    },
    { numRuns: DUPLICATE_RUNS },
  );
}

export const DIFFERENCES = ['start', 'end', 'both'] as const;

/**
 * A range of two days or more differing from `range` in its start, its end or both (never a single
 * day, which exports.request.jobID judges). Every such range is unique: it starts on a day the lane
 * has never handed out, or keeps the start of `range` (a lane hands out each start once) with
 * another end.
 */
export function otherRange(range: DateRange, differs: (typeof DIFFERENCES)[number], fresh: () => DateRange): DateRange {
  const day = (text: string) => new Date(`${text}T00:00:00Z`).getTime();
  const text = (time: number) => formatDate(new Date(time));
  if (differs === 'both') return fresh();
  if (differs === 'start') {
    const { startDate } = fresh();
    // The same end when the new start lies before it; else the end moves too.
    return { startDate, endDate: day(startDate) < day(range.endDate) ? range.endDate : text(day(startDate) + DAY_MS) };
  }
  const start = day(range.startDate);
  const end = day(range.endDate);
  return { startDate: range.startDate, endDate: text(end - start >= 2 * DAY_MS ? end - DAY_MS : end + DAY_MS) };
}
