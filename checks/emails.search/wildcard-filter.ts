/** The driver of title and subject: `*` patterns cut from the catalogue's values, each search read whole. */
import fc from 'fast-check';
import type { CheckContext } from '../../harness/check';
import { patternSource, wildcardPattern } from '../../generators';
import { emailCatalogue, usableBases, valuesByBase } from './email-catalogue';
import { emailsExploration } from './exploration';
import { searchWhole } from './whole-search';

export type WildcardField = 'title' | 'subject';

/** Sends the catalogue's searches with a whole value and patterns cut from their values (read whole), then the exploring driver's draws. Decides nothing. */
export async function driveWildcardFilter(ctx: CheckContext, field: WildcardField): Promise<void> {
  const catalogue = await ctx.observe(emailCatalogue);
  const bases = usableBases([catalogue.manualAll, catalogue.automatedSummary, catalogue.transactional]);
  const sources = valuesByBase(bases, (records) => [...new Set(records.map((record) => record[field]).filter(patternSource))]);
  if (sources.length > 0) {
    // Whole values as written (no *: under every reading each finds at least its own record), the first of each base every run.
    const wholes = new Map<(typeof sources)[number]['base'], string>();
    for (const { base, value } of sources) if (!wholes.has(base)) wholes.set(base, value);
    for (const [base, value] of wholes) await searchWhole(ctx.api, { ...base.params, [field]: value });
    const arbitrary = fc.constantFrom(...sources).chain(({ base, value }) => wildcardPattern(value).map((pattern) => ({ base, pattern: pattern.pattern })));
    await ctx.explore(arbitrary, ({ base, pattern }) => searchWhole(ctx.api, { ...base.params, [field]: pattern }), { numRuns: 15 });
  }
  await ctx.observe(emailsExploration);
}
