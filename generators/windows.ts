import fc from 'fast-check';
import { addDays, addMonths } from '../harness/oracles/time';

export interface DateWindow {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;
const PER_MILLE = 1000;

/** A window start between `maxDaysBack` days ago and now (whole seconds, GMT). */
const windowStart = (now: Date, maxDaysBack: number): fc.Arbitrary<Date> =>
  fc.integer({ min: 0, max: maxDaysBack * 86_400 }).map((s) => new Date(Math.floor(now.getTime() / 1000) * 1000 - s * 1000));

/**
 * Windows no longer than `limitMonths` calendar months, the limit itself included (edge favoured).
 * A day of margin inside the limit keeps clock differences between harness and target out of it.
 */
export function windowWithinLimit(limitMonths: number, now: Date, maxDaysBack = 900): fc.Arbitrary<DateWindow> {
  return fc
    .tuple(windowStart(now, maxDaysBack), fc.oneof(fc.constant(PER_MILLE), fc.integer({ min: 0, max: PER_MILLE })))
    .map(([start, perMille]) => {
      // Lengths spread evenly over the allowed range (fc.double would favour its extremes, 0 and 1).
      const limit = addDays(addMonths(start, limitMonths), -1).getTime();
      const end = new Date(start.getTime() + Math.floor(((limit - start.getTime()) * perMille) / PER_MILLE / 1000) * 1000);
      return { start, end };
    });
}

/** Windows longer than `limitMonths` calendar months by 2 to 400 days. */
export function windowBeyondLimit(limitMonths: number, now: Date, maxDaysBack = 900): fc.Arbitrary<DateWindow> {
  return fc
    .tuple(windowStart(now, maxDaysBack), fc.integer({ min: 2, max: 400 }))
    .map(([start, extraDays]) => ({ start, end: addDays(addMonths(start, limitMonths), extraDays) }));
}

/** Whole days between two dates (for evidence). */
export const daysBetween = (a: Date, b: Date): number => Math.round((b.getTime() - a.getTime()) / DAY_MS);
