/** Calendar arithmetic in GMT, the one place its constants live. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const DAY_S = 86_400;

/** Calendar-month arithmetic in GMT; the day is clamped to the target month's length (Aug 31 − 6 months = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const result = new Date(date);
  result.setUTCFullYear(y, m, Math.min(date.getUTCDate(), lastDay));
  return result;
}

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

export const addHours = (date: Date, hours: number): Date => new Date(date.getTime() + hours * HOUR_MS);

/** Whole days between two dates (for evidence). */
export const daysBetween = (a: Date, b: Date): number => Math.round((b.getTime() - a.getTime()) / DAY_MS);

/** Midnight GMT of a date's day. */
export const dayOf = (date: Date): Date => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);

/**
 * The harness's now, in whole seconds, on the target's clock: "now" and "current date" in interface.md are the
 * service's. EMS_TARGET_CLOCK_OFFSET_MS (the target's clock minus the host's) is set for an embedded mock started
 * on another clock; a real target is taken to keep the host's time, and checks near "now" keep a margin.
 */
export const harnessNow = (): Date => new Date(Math.floor((Date.now() + targetClockOffsetMs()) / 1000) * 1000);

const targetClockOffsetMs = (): number => {
  const offset = Number(process.env.EMS_TARGET_CLOCK_OFFSET_MS ?? 0);
  return Number.isFinite(offset) ? offset : 0;
};
