import { fullFormats, type FormatName } from 'ajv-formats/dist/formats.js';
import type { Profile } from '../types';

/** The spec's custom formats for datetimes and dates; their shape depends on the target profile. */
export type EmsFormat = 'ems-datetime' | 'ems-date';
export type DatetimeFormat = Profile['datetime']['format'];

export interface FormatDefinition {
  /** The shape in words, as issues quote it. */
  shape: string;
  validate: (value: string) => boolean;
}

/** One of ajv-formats' string formats as a predicate. */
function ajvFormat(name: FormatName): (value: string) => boolean {
  const format = fullFormats[name];
  if (typeof format !== 'object' || !('validate' in format) || typeof format.validate !== 'function') {
    throw new Error(`ajv-formats' ${name} is not a function format`);
  }
  const validate = format.validate as (value: string) => boolean;
  return (value) => validate(value);
}

const rfc3339Date = ajvFormat('date');
const rfc3339DateTime = ajvFormat('date-time');
const timeWithoutZone = ajvFormat('iso-time');

const SERVICE_DATETIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

/** service-facts.md: `YYYY-MM-DD HH:MM:SS`, GMT, no zone designator. */
function isServiceDatetime(value: string): boolean {
  const [, date, time] = SERVICE_DATETIME.exec(value) ?? [];
  return date !== undefined && time !== undefined && rfc3339Date(date) && timeWithoutZone(time);
}

export const DATETIME_FORMATS: Record<DatetimeFormat, Record<EmsFormat, FormatDefinition>> = {
  service: {
    'ems-datetime': { shape: 'YYYY-MM-DD HH:MM:SS', validate: isServiceDatetime },
    'ems-date': { shape: 'YYYY-MM-DD', validate: rfc3339Date },
  },
  iso8601: {
    'ems-datetime': { shape: 'RFC 3339 date-time, e.g. 2013-02-12T02:42:00Z', validate: rfc3339DateTime },
    'ems-date': { shape: 'RFC 3339 full-date, YYYY-MM-DD', validate: rfc3339Date },
  },
};

export function isEmsFormat(format: unknown): format is EmsFormat {
  return format === 'ems-datetime' || format === 'ems-date';
}
