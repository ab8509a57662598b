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

/**
 * Sets of filters as clients send them: each filter left out in most samples (absent `absentWeight`
 * times for each time present; 2 unless `absentWeights` names the filter), so that most sets hold none,
 * one or two filters and still match records.
 */
export function sparseFilterSets(candidates: FilterCandidates, absentWeights: Record<string, number> = {}): fc.Arbitrary<Record<string, unknown>> {
  const usable = Object.entries(candidates).filter(([, values]) => values.length > 0);
  const model = Object.fromEntries(
    usable.map(([name, values]) => [
      name,
      fc.oneof({ weight: absentWeights[name] ?? 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...values) }),
    ]),
  );
  return fc.record(model).map((set) => Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined)));
}
