/** A filter judged on the catalogue: for values seen in its records, the search returns exactly the records holding them. */
import fc from 'fast-check';
import type { CheckContext, Sample } from '../../harness/core';
import { emailCatalogue, recordsOfRef, usableBases, valuesByBase, type BaseRef, type EmailBase, type EmailCatalogue } from './email-catalogue';
import { idsWhere, type EmailRecord } from './email-records';
import { compareExactly } from './record-evidence';
import { searchWholeInSample, type SearchResult } from './whole-search';

export interface ExactFilter<V> {
  /** The filter parameter. */
  param: string;
  /** The name of the value in a property sample (and its counterexample). */
  sampleKey: string;
  /** The catalogue's searches whose records give the values (and the expected answers). */
  bases(catalogue: EmailCatalogue): EmailBase[];
  /** The distinct values of the filter the records hold. */
  valuesOf(records: EmailRecord[]): V[];
  /** Whether a record should be returned for a value. */
  matches(record: EmailRecord, value: V): boolean;
  /** Why nothing can be judged when the records hold no value. */
  none: string;
  /** What should hold for a value. */
  title(value: V, base: BaseRef): string;
  /** The property's runs, given the number of (search, value) pairs. */
  runs(pairs: number): number;
  /** More to judge on the answer before the exact comparison. */
  also?(result: SearchResult, value: V, base: BaseRef, sample: Sample): void;
}

export async function judgeExactFilter<V>({ api, judge, observe }: CheckContext, filter: ExactFilter<V>): Promise<void> {
  const catalogue = await observe(emailCatalogue);
  const pairs = valuesByBase(usableBases(filter.bases(catalogue)), filter.valuesOf).map(({ base, value }) => ({ base, [filter.sampleKey]: value }));
  if (pairs.length === 0) return judge.inconclusive(filter.none);
  await judge.property(fc.constantFrom(...pairs), async (pair, sample) => {
    const base = pair.base as BaseRef;
    const value = pair[filter.sampleKey] as V;
    const result = await searchWholeInSample(api, { ...base.params, [filter.param]: value }, sample, `${filter.param}=${String(value)}`);
    filter.also?.(result, value, base, sample);
    const same = compareExactly(idsWhere(recordsOfRef(base), (record) => filter.matches(record, value)), result);
    sample.expect(same.ok, { title: filter.title(value, base), ...same });
  }, { numRuns: filter.runs(pairs.length) });
}
