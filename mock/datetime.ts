/** Time values of the mock: milliseconds since the epoch inside, service text outside (always GMT). */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

const DATETIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:([ T])(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Formatted datetimes by epoch ms: records repeat the same few values on every read, and formatting through Date is slow. */
const FORMATTED = new Map<number, string>();
const FORMATTED_LIMIT = 100_000;

/** `YYYY-MM-DD HH:MM:SS`, GMT, no zone designator: the service's datetime format. */
export function formatServiceDatetime(ms: number): string {
  let text = FORMATTED.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    if (FORMATTED.size >= FORMATTED_LIMIT) FORMATTED.clear();
    FORMATTED.set(ms, text);
  }
  return text;
}

/** `YYYY-MM-DDTHH:MM:SSZ`: ISO 8601 (used only by the datetime-format fault). */
export function formatIsoDatetime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

function validDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month - 1);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * Reads a datetime parameter: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` (GMT) or ISO 8601 with `T` and an
 * optional `Z`/offset. A date alone means 00:00:00 of that day. Returns undefined when not a valid datetime.
 * zonelessIsoOffsetMs (fault emails-datetime-no-zone-shifted only): ISO 8601 with `T` and no zone designator is
 * read at this offset from GMT instead of at GMT.
 */
export function parseDatetime(text: string, zonelessIsoOffsetMs = 0): number | undefined {
  const match = DATETIME_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, separator, h = '0', mi = '0', s = '0', zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (!validDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const zonelessIso = zone === undefined && separator?.toUpperCase() === 'T';
  return utc - (zonelessIso ? zonelessIsoOffsetMs : zoneOffsetMs(zone));
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return (zone.startsWith('-') ? -1 : 1) * minutes * 60_000;
}

/** Reads a strict `YYYY-MM-DD` date; returns 00:00:00 GMT of it, or undefined when not a valid date. */
export function parseDate(text: string): number | undefined {
  const match = DATE_PATTERN.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return validDay(year, month, day) ? Date.UTC(year, month - 1, day) : undefined;
}

/** Calendar months later (negative: earlier), same time of day; the day is clamped to the month's last day. */
export function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const monthIndex = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
}
