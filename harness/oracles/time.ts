import type { Profile } from '../types';

const DAY_MS = 86_400_000;

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

const SERVICE_DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * Reads a datetime as the target writes it (profile.datetime.format). Absent values ("" quirk,
 * undefined) and unreadable ones give undefined: the schema checks judge those.
 */
export function parseTargetDatetime(value: unknown, format: Profile['datetime']['format']): Date | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (format === 'service') {
    const m = SERVICE_DATETIME.exec(value);
    if (!m) return undefined;
    const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
    return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  }
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : new Date(t);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** YYYY-MM-DD in GMT: the documented form of date parameters (exports). */
export function formatDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A datetime parameter in the target's format (service: YYYY-MM-DD HH:MM:SS GMT; iso8601: RFC 3339 UTC). */
export function formatDatetime(date: Date, format: Profile['datetime']['format']): string {
  if (format === 'iso8601') return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `${formatDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}
