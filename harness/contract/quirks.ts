import type { ErrorObject } from 'ajv';
import type { Profile, QuirkName } from '../types';
import { isEmsFormat } from './datetime-formats';

/**
 * Integer fields that refer to another record. service-facts.md (Values): the real service sends
 * `""` where such a reference is absent (autoResponseEmailID, userID, parentEmailID, abSplitID);
 * templateID is the same kind of value.
 */
export const REFERENCE_FIELDS: readonly string[] = ['autoResponseEmailID', 'userID', 'parentEmailID', 'abSplitID', 'templateID'];

const lastSegment = (instancePath: string): string => {
  const segments = instancePath.split('/');
  return (segments[segments.length - 1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
};

/** The schema's expected type(s) of a `type` error, as a list. */
function expectedTypes(error: ErrorObject): string[] {
  const expected = (error.params as { type?: unknown }).type;
  if (Array.isArray(expected)) return expected.map(String);
  return typeof expected === 'string' ? expected.split(',') : [];
}

/**
 * The known quirk an ajv error is an instance of, if the profile declares it:
 * - booleanAsZeroOne: 0 or 1 where a boolean is documented;
 * - emptyStringForAbsent: "" where a value is absent (service-facts.md, Values): for a documented
 *   datetime or date (any date never set, a required one like dateModified included), for an integer
 *   reference to another record (REFERENCE_FIELDS), and for any optional field that expects a
 *   non-string or a formatted string.
 * `isOptional` tells whether the field the error is about may be absent.
 */
export function quirkOf(error: ErrorObject, quirks: Profile['quirks'], isOptional: () => boolean): QuirkName | undefined {
  const actual: unknown = error.data;
  const types = expectedTypes(error);
  if (quirks.booleanAsZeroOne && error.keyword === 'type' && types.includes('boolean') && (actual === 0 || actual === 1)) {
    return 'booleanAsZeroOne';
  }
  if (!quirks.emptyStringForAbsent || actual !== '') return undefined;
  if (error.keyword === 'format' && isEmsFormat((error.params as { format?: unknown }).format)) return 'emptyStringForAbsent';
  if (error.keyword === 'type' && types.some((t) => t === 'integer' || t === 'number') && REFERENCE_FIELDS.includes(lastSegment(error.instancePath))) {
    return 'emptyStringForAbsent';
  }
  if ((error.keyword === 'type' || error.keyword === 'format') && isOptional()) return 'emptyStringForAbsent';
  return undefined;
}
