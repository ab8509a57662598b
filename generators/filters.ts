import fc from 'fast-check';

/** Candidate values of each filter, discovered from the target's own records. */
export type FilterCandidates = Record<string, readonly unknown[]>;

/**
 * Sets of filters built from discovered values: any subset of the filters, each with one of its
 * candidates. Used by metamorphic checks (a filter narrows, every record satisfies it).
 */
export function filterSets(candidates: FilterCandidates, { minKeys = 1 } = {}): fc.Arbitrary<Record<string, unknown>> {
  const usable = Object.entries(candidates).filter(([, values]) => values.length > 0);
  const model = Object.fromEntries(usable.map(([name, values]) => [name, fc.constantFrom(...values)]));
  return fc.record(model, { requiredKeys: [] }).filter((set) => Object.keys(set).length >= minKeys);
}

/** One filter with one of its candidates. */
export function singleFilter(candidates: FilterCandidates): fc.Arbitrary<Record<string, unknown>> {
  return filterSets(candidates).map((set) => {
    const [name, value] = Object.entries(set)[0]!;
    return { [name]: value };
  });
}
