// @silent-point records.boolean-form
/** A boolean as records may carry it (true/false, 1/0, "1"/"0", "true"/"false"); undefined otherwise. */
export function readBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** A documented 0-or-1 flag is set (1, true, "1"). */
export const isSet = (value: unknown): boolean => value === 1 || value === true || value === '1';
