/**
 * Export date ranges (exports/emails startDate..endDate), handed out in lanes: every use that
 * requests exports draws its ranges from its own lane, so two uses running at the same time never
 * send the same parameters (which the duplicate-export rule would refuse).
 */
import { addDays, dayOf, harnessNow } from './calendar';

/** An export range as the request carries it (YYYY-MM-DD). */
export interface DateRange {
  startDate: string;
  endDate: string;
}

export const rangeParams = (range: DateRange): Record<string, string> => ({ startDate: range.startDate, endDate: range.endDate });
export const rangeText = (range: DateRange): string => `${range.startDate}..${range.endDate}`;

/** YYYY-MM-DD of a date in GMT, the documented form of the export date parameters. */
const dateParam = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * The lanes of the run: every use that requests exports draws its ranges from its own lane. A lane
 * owns LANE_SPAN distinct start days; the seed shifts them from run to run, and the worker slot
 * (below) sets each worker process apart.
 */
export const LANES = {
  request: 0,
  duplicatePending: 1,
  duplicateOther: 2,
  duplicateAfter: 3,
  authNoToken: 4,
  authInvalidToken: 5,
  /** The two lanes of ranges ending on a day with sends (they differ by lane parity). */
  fileRecords: 6,
  authFile: 7,
  /** The stateful exploration of the whole interface (drivers/stateful/). */
  stateful: 8,
} as const;

const LANE_SPAN = 64;
const LANE_COUNT = Object.keys(LANES).length;
/** The longest range a lane hands out, in days after its start. */
export const MAX_RANGE_DAYS = 60;

/** How many worker slots the lanes are laid out for (slots further back in time, all after 2000). */
const SLOTS = 8;

/**
 * The slot of this worker process: Playwright's worker index (TEST_WORKER_INDEX, unique to each
 * worker process of a run; a worker restarted after a failure gets a new one) modulo SLOTS, 0
 * outside Playwright. A shared observation is computed once per worker, so one computed in two
 * workers at once, or again by a restarted worker while the first one's jobs are still Pending,
 * draws other ranges and is not refused as a duplicate.
 */
export function workerSlot(env: Record<string, string | undefined> = process.env): number {
  const index = Number(env.TEST_WORKER_INDEX);
  return Number.isInteger(index) && index >= 0 ? index % SLOTS : 0;
}

/**
 * Ranges of one lane, all with distinct start days. By default they end at the latest a day before
 * now (start days go back from `now - 1 - MAX_RANGE_DAYS`); `endingAt` gives ranges that all end on
 * one day (ranges around a day known to hold sends). Slot 0 (the first worker) has the lanes nearest
 * to now; `slot` defaults to this process's workerSlot().
 */
export class RangeLane {
  private used = 0;
  private readonly anchor: Date;
  private readonly shift: number;
  private readonly slot: number;

  constructor(
    private readonly lane: number,
    seed: number,
    private readonly options: { now?: Date; endingAt?: Date; slot?: number } = {},
  ) {
    this.anchor = options.endingAt ? dayOf(options.endingAt) : addDays(dayOf(options.now ?? harnessNow()), -1 - MAX_RANGE_DAYS);
    this.shift = Math.abs(seed) % LANE_SPAN;
    this.slot = options.slot ?? workerSlot();
  }

  /** A range no other lane (and no earlier call of this lane) hands out; `lengthDays` 0 is a single day. */
  fresh(lengthDays = 0): DateRange {
    if (this.options.endingAt) {
      // Ranges ending on one day differ by their start: two such lanes share the 64 days before it
      // (a slot's; each slot further back).
      const half = LANE_SPAN / 2;
      if (this.used >= half) throw new Error(`export lane ${this.lane} is exhausted (${half} ranges per test)`);
      // At least one day before it: a range of two days or more.
      const offset = 1 + ((this.lane % 2) + 2 * this.slot) * half + ((this.shift + this.used * 7) % half);
      this.used += 1;
      return { startDate: dateParam(addDays(this.anchor, -offset)), endDate: dateParam(this.anchor) };
    }
    if (this.used >= LANE_SPAN) throw new Error(`export lane ${this.lane} is exhausted (${LANE_SPAN} ranges per test)`);
    // 7 is prime to LANE_SPAN, so the first LANE_SPAN calls give distinct offsets.
    const offset = (this.slot * LANE_COUNT + this.lane) * LANE_SPAN + ((this.shift + this.used * 7) % LANE_SPAN);
    this.used += 1;
    const start = addDays(this.anchor, -offset);
    const length = Math.max(0, Math.min(MAX_RANGE_DAYS, Math.floor(lengthDays)));
    return { startDate: dateParam(start), endDate: dateParam(addDays(start, length)) };
  }
}
