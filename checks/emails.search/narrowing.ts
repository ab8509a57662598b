/**
 * A large account's narrowing list: when the catalogue could not read a search of the wide window whole, the
 * searches a rule compares are read again narrowed to one list of emails (emailIDs) drawn from what the
 * catalogue read of every kind, both sides alike: they fit a page and are read whole, and the judge compares
 * them as it compares the whole searches of a small account (the same records by emailIDs as by a filter).
 */
import type { CheckContext } from '../../harness/check';
import { catalogueBases, emailCatalogue } from './email-catalogue';
import { idsOf } from './email-records';

/** How many emails narrow a large account's searches: a page at rpp max holds them all. */
const NARROWING_IDS = 60;

/** The narrowing list, spread over the records every base read; undefined when every base was read whole. */
export async function emailsNarrowing(ctx: Pick<CheckContext, 'observe'>): Promise<number[] | undefined> {
  const catalogue = await ctx.observe(emailCatalogue);
  const bases = catalogueBases(catalogue);
  if (bases.every((base) => base.complete)) return undefined;
  const perBase = Math.ceil(NARROWING_IDS / bases.length);
  const ids = bases.flatMap((base) => {
    const own = idsOf(base.records);
    const step = Math.max(1, Math.floor(own.length / perBase));
    return own.filter((_, i) => i % step === 0).slice(0, perBase);
  });
  return [...new Set(ids)].slice(0, NARROWING_IDS);
}
