/** How an answer's set of IDs departs from the expected one. */
export interface SetDifference<T = unknown> {
  /** Expected and not returned. */
  missing: T[];
  /** Returned and not expected. */
  unexpected: T[];
  /** Returned more than once. */
  repeated: T[];
}

export function setDifference<T>(expected: Iterable<T>, actual: Iterable<T>): SetDifference<T> {
  const want = new Set(expected);
  const list = [...actual];
  const got = new Set(list);
  const seen = new Set<T>();
  const repeated = new Set<T>();
  for (const id of list) (seen.has(id) ? repeated : seen).add(id);
  return {
    missing: [...want].filter((id) => !got.has(id)),
    unexpected: [...got].filter((id) => !want.has(id)),
    repeated: [...repeated],
  };
}

/** No ID missing, none unexpected, none repeated. */
export const sameSet = (difference: SetDifference): boolean =>
  difference.missing.length === 0 && difference.unexpected.length === 0 && difference.repeated.length === 0;

/** A short view of a list for evidence: the list itself, or its first n and the count. */
export const shortList = <T>(values: readonly T[], n = 10): T[] | string =>
  values.length <= n ? [...values] : `${values.slice(0, n).join(', ')} ... (${values.length} in all)`;
