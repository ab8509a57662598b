import { addMonths, DAY_MS, HOUR_MS } from '../datetime';
import type { Random } from '../random';

/** Seeded email dates stay this far from the 6-month boundary, so day-count differences cannot matter. */
const BOUNDARY_MARGIN_MS = 10 * DAY_MS;

/** Draws dateSent values over the last 30 months, split at the default search window (6 months). */
export class SendTimes {
  private readonly recentFrom: number;
  private readonly olderTo: number;
  private readonly oldest: number;

  constructor(
    private readonly random: Random,
    private readonly now: number,
  ) {
    const sixMonthsAgo = addMonths(now, -6);
    this.recentFrom = sixMonthsAgo + BOUNDARY_MARGIN_MS;
    this.olderTo = sixMonthsAgo - BOUNDARY_MARGIN_MS;
    this.oldest = addMonths(now, -30) + DAY_MS;
  }

  /** Inside the default window, at least a day ago. */
  recent(): number {
    return this.between(this.recentFrom, this.now - DAY_MS);
  }

  /** Before the default window, within the last 30 months. */
  old(): number {
    return this.between(this.oldest, this.olderTo);
  }

  /** Within the last 24 hours. */
  today(hoursAgo: number): number {
    return this.now - hoursAgo * HOUR_MS - this.random.int(0, 50) * 60_000;
  }

  either(recentShare: number): number {
    return this.random.chance(recentShare) ? this.recent() : this.old();
  }

  private between(from: number, to: number): number {
    return from + Math.floor(this.random.next() * (to - from));
  }
}
