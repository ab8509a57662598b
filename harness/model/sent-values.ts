// @silent-point emails.bare-date-bound
/**
 * What a request asked, read the one way the model reads it: an enum value as the spec spells it, a list
 * parameter's items, a list of integers, a sent datetime. Pure readers of sent values.
 */
import type { Target } from '../check';
import { allowedValues, defaultOf } from '../../generators';
import { foldCase, readDatetime, readInteger } from '../oracles';
import type { OperationKey } from '../types';

/** An enum value as the spec spells it (sent in any letter case), or undefined when it is none of them. */
export function allowedSpelling(op: OperationKey, name: string, value: unknown): string | undefined {
  return typeof value === 'string' ? allowedValues(op, name).find((allowed) => foldCase(allowed) === foldCase(value)) : undefined;
}

/** An enum parameter as a request asks it: the value sent, as the spec spells it, or the documented default when none is sent. */
export function spelledOrDefault(op: OperationKey, name: string, params: Record<string, unknown>): string | undefined {
  return params[name] === undefined ? String(defaultOf(op, name)) : allowedSpelling(op, name, params[name]);
}

/** A list parameter's items: an array as sent, or a comma list in one string (a recording may keep either). */
export function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value === '' ? [] : value.split(',');
  if (value === undefined) return undefined;
  return [value];
}

/** A list of integers as sent (array or comma list); undefined when empty or when an item is no integer. */
export function integerList(value: unknown): number[] | undefined {
  const ids = listOf(value)?.map(readInteger);
  return ids && ids.length > 0 && ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
}

/** A list of enum values as the spec spells them; undefined when empty or when an item is none of them. */
export function spelledList(op: OperationKey, name: string, value: unknown): string[] | undefined {
  const items = listOf(value)?.map((item) => allowedSpelling(op, name, item));
  return items && items.length > 0 && items.every((item) => item !== undefined) ? (items as string[]) : undefined;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A sent datetime: in the profile's format, ISO 8601 with a zone, or a bare date (its midnight GMT). */
export function readSentDatetime(value: unknown, target: Pick<Target, 'profile'>): Date | undefined {
  if (typeof value === 'string' && DATE_ONLY.test(value)) return new Date(`${value}T00:00:00Z`);
  return readDatetime(value, target.profile.datetime.format);
}

/** A sent full datetime (a bare date is left out: which moment of its day a bound stands for is not written). */
export function readSentMoment(value: unknown, target: Pick<Target, 'profile'>): Date | undefined {
  return typeof value === 'string' && DATE_ONLY.test(value) ? undefined : readDatetime(value, target.profile.datetime.format);
}

const WRITTEN_MOMENT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The moment a sent full datetime names, in any form the documents allow: `YYYY-MM-DD HH:MM:SS` (GMT,
 * service-facts.md) or ISO 8601 with a `T`, with `Z`, with an offset, or without a zone designator (then GMT:
 * the service's datetimes are GMT). A bare date and anything else: undefined. Two spellings of one moment ask
 * the same; a target may refuse a form, but one it takes keeps this meaning.
 */
export function readWrittenMoment(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = WRITTEN_MOMENT.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) + Math.floor(Number(m[7] ?? 0) * 1000);
  const zone = m[8];
  if (!zone || zone.toUpperCase() === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
}
