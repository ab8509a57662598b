import type { ErrorObject } from 'ajv';
import type { Profile, QuirkName } from '../types';

/**
 * The known quirk an ajv error is an instance of, if the profile declares it:
 * - booleanAsZeroOne: 0 or 1 where a boolean is documented;
 * - emptyStringForAbsent: "" where an optional field expects a non-string or a formatted string.
 * `isOptional` tells whether the field the error is about may be absent.
 */
export function quirkOf(error: ErrorObject, quirks: Profile['quirks'], isOptional: () => boolean): QuirkName | undefined {
  const actual: unknown = error.data;
  const expected = (error.params as { type?: unknown }).type;
  if (quirks.booleanAsZeroOne && error.keyword === 'type' && expected === 'boolean' && (actual === 0 || actual === 1)) {
    return 'booleanAsZeroOne';
  }
  if (quirks.emptyStringForAbsent && actual === '' && (error.keyword === 'type' || error.keyword === 'format') && isOptional()) {
    return 'emptyStringForAbsent';
  }
  return undefined;
}
