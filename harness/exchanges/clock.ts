import type { RecordedExchange } from './recorded-exchange';

/**
 * When exchanges happened, and whether a target may have served two of them in either order. Times are epoch
 * milliseconds with sub-millisecond precision (one clock per process: performance.timeOrigin + now), so two
 * requests one client sent one after the other never look simultaneous, and two it sent together always do.
 */

/** Epoch milliseconds, sub-millisecond precise. */
export const clockNow = (): number => performance.timeOrigin + performance.now();

/** A duration as recorded: milliseconds to the microsecond. */
export const recordedDuration = (ms: number): number => Math.round(ms * 1000) / 1000;

/**
 * How far apart two processes' clocks may read the same instant (each worker of a run has its own
 * performance.timeOrigin, taken from the system clock at its start): exchanges of different lanes are taken as
 * ordered only when one ended this much before the other started.
 */
export const CROSS_LANE_MS = 2;

/** An exchange's times and the clock (lane) that took them. */
export type Timed = Pick<RecordedExchange, 'startedAt' | 'durationMs' | 'lane'>;

/** When an exchange's answer came back (its start when the recording has no duration). */
export const endOf = (exchange: Pick<RecordedExchange, 'startedAt' | 'durationMs'>): number => exchange.startedAt + exchange.durationMs;

/**
 * Whether the target may have served `a` and `b` in either order: their times overlap (widened by CROSS_LANE_MS
 * where two lanes' clocks timed them). Exchanges of one clock that touch (one ended as the other started) are in
 * order; a recording without times (every exchange at one instant, no duration) is in its recorded order.
 */
export function servedInEitherOrder(a: Timed, b: Timed): boolean {
  return !servedBefore(a, b) && !servedBefore(b, a);
}

/** How far apart the clocks that timed two exchanges may be: CROSS_LANE_MS between lanes, nothing within one. */
const marginBetween = (a: Timed, b: Timed): number => (a.lane !== undefined && b.lane !== undefined && a.lane !== b.lane ? CROSS_LANE_MS : 0);

/**
 * Whether the target surely served `a` before `b`: `a`'s answer came back before `b` was sent (by more than
 * CROSS_LANE_MS where two lanes' clocks timed them). The one test of "before" between two exchanges.
 */
export const servedBefore = (a: Timed, b: Timed): boolean => endOf(a) + marginBetween(a, b) <= b.startedAt;
