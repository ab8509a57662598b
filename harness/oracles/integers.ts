/**
 * An integer as records may carry it: a JSON integer or a string of digits ("12", "-3"); anything
 * else (absent, "", 1.5, "abc") is undefined. A value's type is its schema rule's business, not
 * the business of a rule that compares counts or IDs.
 */
export function readInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

/** A count or page number: a non-negative integer read as readInteger does. */
export function readCount(value: unknown): number | undefined {
  const n = readInteger(value);
  return n !== undefined && n >= 0 ? n : undefined;
}
