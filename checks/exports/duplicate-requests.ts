/** The samples of the duplicate rule: a first job to be a duplicate of, and ranges that differ from its range. */
import fc from 'fast-check';
import type { CheckContext, Sample } from '../../harness/core';
import { formatDate } from '../../harness/oracles';
import { DAY_MS, MAX_RANGE_DAYS, rangeText, type DateRange, type RangeLane } from '../../generators';
import { startExport, type ExportStart } from '../shared/export-jobs';
import { retryWindowMs } from './job-runs';

/** Runs of the duplicate properties: each sample starts jobs, and one waits for a job to complete. */
export const DUPLICATE_RUNS = 4;

/** The length in days of a sample's range (two days or more: a single day is exports.request.jobID's). */
export const rangeLength = () => fc.integer({ min: 1, max: MAX_RANGE_DAYS });

/** The first job of a duplicate-rule sample: accepted, with a jobID. */
export type FirstJob = ExportStart & { jobID: number };

/**
 * The first job of a duplicate-rule sample. When the first request is not accepted the sample is
 * marked inconclusive (the rule needs a job to be a duplicate of) and undefined is returned.
 */
export async function firstJob({ api, target }: CheckContext, range: DateRange, sample: Sample): Promise<FirstJob | undefined> {
  const first = await startExport(api, target, range, retryWindowMs(target));
  if (first.jobID === undefined) {
    sample.inconclusive(`the first request ${rangeText(range)} was not accepted with a jobID`);
    return undefined;
  }
  return { ...first, jobID: first.jobID };
}

/**
 * A duplicate-rule property over one fresh range of the lane per sample (two days or more): each
 * sample starts a first job over it, and `judgeSample` judges what follows.
 */
export function firstJobProperty(ctx: CheckContext, lane: RangeLane, judgeSample: (first: FirstJob, sample: Sample) => Promise<void>): Promise<void> {
  return ctx.judge.property(
    fc.noShrink(fc.record({ lengthDays: rangeLength() })),
    async ({ lengthDays }, sample) => {
      const first = await firstJob(ctx, lane.fresh(lengthDays), sample);
      if (first) await judgeSample(first, sample);
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
