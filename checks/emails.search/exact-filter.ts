/** The driver of a filter with values the records show: the catalogue's searches again with a value seen in them, each read whole. */
import fc from 'fast-check';
import type { CheckContext } from '../../harness/check';
import { emailCatalogue, usableBases, valuesByBase, type EmailBase, type EmailCatalogue } from './email-catalogue';
import type { EmailRecord } from './email-records';
import { emailsExploration } from './exploration';
import { searchWhole } from './whole-search';

export interface ExactFilter<V> {
  /** The filter parameter. */
  param: string;
  /** The catalogue's searches whose records give the values (the judge compares with them, read whole). */
  bases(catalogue: EmailCatalogue): EmailBase[];
  /** The distinct values of the filter the records hold. */
  valuesOf(records: EmailRecord[]): V[];
  /** How many (search, value) pairs to draw, given their number. */
  runs(pairs: number): number;
}

/** Sends the catalogue's searches with drawn values of the filter (read whole), then the exploring driver's draws. Decides nothing. */
export async function driveExactFilter<V>(ctx: CheckContext, filter: ExactFilter<V>): Promise<void> {
  const catalogue = await ctx.observe(emailCatalogue);
  const pairs = valuesByBase(usableBases(filter.bases(catalogue)), filter.valuesOf);
  if (pairs.length > 0) {
    await ctx.explore(fc.constantFrom(...pairs), ({ base, value }) => searchWhole(ctx.api, { ...base.params, [filter.param]: value }), { numRuns: filter.runs(pairs.length) });
  }
  await ctx.observe(emailsExploration);
}
