import type { Profile } from '../types';

type DatetimeFormat = Profile['datetime']['format'];

const SERVICE_DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Reads a datetime strictly as the target writes it (profile.datetime.format). Absent values
 * ("" quirk, undefined) and unreadable ones give undefined: the schema checks judge those.
 */
export function parseTargetDatetime(value: unknown, format: DatetimeFormat): Date | undefined {
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

/**
 * Reads the moment a datetime names: in the profile's format, else as ISO 8601 with a zone. The
 * format is envelope.datetime-format's business; the rules that compare moments use this reader.
 */
export function readDatetime(value: unknown, format: DatetimeFormat): Date | undefined {
  const parsed = parseTargetDatetime(value, format);
  if (parsed || typeof value !== 'string' || !ISO_WITH_ZONE.test(value.trim())) return parsed;
  const time = Date.parse(value.trim().replace(' ', 'T'));
  return Number.isNaN(time) ? undefined : new Date(time);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** YYYY-MM-DD in GMT: the documented form of date parameters (exports). */
export function formatDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A datetime parameter in the target's format (service: YYYY-MM-DD HH:MM:SS GMT; iso8601: RFC 3339 UTC). */
export function formatDatetime(date: Date, format: DatetimeFormat): string {
  if (format === 'iso8601') return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `${formatDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}
