import fc from 'fast-check';
import { addDays, addMonths, DAY_S } from './calendar';

export interface DateWindow {
  start: Date;
  end: Date;
}

const PER_MILLE = 1000;

/** A window start between `maxDaysBack` days ago and now (whole seconds, GMT). */
const windowStart = (now: Date, maxDaysBack: number): fc.Arbitrary<Date> =>
  fc.integer({ min: 0, max: maxDaysBack * DAY_S }).map((s) => new Date(Math.floor(now.getTime() / 1000) * 1000 - s * 1000));

/**
 * How window lengths spread up to the longest allowed:
 * - `edge-favoured`: the longest itself about half the time, else evenly from 0 (a limit's edge is what a check of the limit wants);
 * - `spread`: evenly from one day to the longest (a check of the window's filter wants windows of every length).
 */
export type WindowLengths = 'edge-favoured' | 'spread';

const perMilles: Record<WindowLengths, fc.Arbitrary<number>> = {
  'edge-favoured': fc.oneof(fc.constant(PER_MILLE), fc.integer({ min: 0, max: PER_MILLE })),
  spread: fc.integer({ min: 1, max: PER_MILLE }),
};

const shortestLengthS: Record<WindowLengths, number> = { 'edge-favoured': 0, spread: DAY_S };

/**
 * Windows no longer than `months` calendar months less a day, starting up to `maxDaysBack` days ago
 * (whole seconds). The day of margin inside the months keeps clock differences between harness and
 * target off the edge.
 */
export function windowWithin(
  months: number,
  now: Date,
  { lengths = 'edge-favoured', maxDaysBack = 900 }: { lengths?: WindowLengths; maxDaysBack?: number } = {},
): fc.Arbitrary<DateWindow> {
  return fc.tuple(windowStart(now, maxDaysBack), perMilles[lengths]).map(([start, perMille]) => {
    // Lengths spread evenly over the allowed range (fc.double would favour its extremes, 0 and 1).
    const longestS = (addDays(addMonths(start, months), -1).getTime() - start.getTime()) / 1000;
    const lengthS = Math.max(shortestLengthS[lengths], Math.floor((longestS * perMille) / PER_MILLE));
    return { start, end: new Date(start.getTime() + lengthS * 1000) };
  });
}

/** Windows longer than `limitMonths` calendar months by 2 to 400 days. */
export function windowBeyondLimit(limitMonths: number, now: Date, maxDaysBack = 900): fc.Arbitrary<DateWindow> {
  return fc
    .tuple(windowStart(now, maxDaysBack), fc.integer({ min: 2, max: 400 }))
    .map(([start, extraDays]) => ({ start, end: addDays(addMonths(start, limitMonths), extraDays) }));
}
