/** title and subject take `*` wildcards: patterns cut from discovered values return exactly the emails whose field matches. */
import fc from 'fast-check';
import type { CheckContext } from '../../harness/core';
import { matchesWildcardAnywhere, matchesWildcardExactCase } from '../../harness/oracles';
import { patternSource, wildcardPattern } from '../../generators';
import { emailCatalogue, recordsOfRef, usableBases, valuesByBase } from './email-catalogue';
import { idsOf } from './email-records';
import { leftOut, notReturned, offenders } from './record-evidence';
import { searchWholeInSample } from './whole-search';

export type WildcardField = 'title' | 'subject';

export async function judgeWildcardFilter({ api, judge, observe }: CheckContext, field: WildcardField): Promise<void> {
  const catalogue = await observe(emailCatalogue);
  const bases = usableBases([catalogue.manualAll, catalogue.automatedSummary, catalogue.transactional]);
  const sources = valuesByBase(bases, (records) => [...new Set(records.map((record) => record[field]).filter(patternSource))]);
  if (sources.length === 0) return judge.inconclusive(`no email with a usable ${field} (two characters or more, no *) in the window`);
  const arbitrary = fc.constantFrom(...sources).chain(({ base, value }) => wildcardPattern(value).map((pattern) => ({ base, pattern })));
  await judge.property(arbitrary, async ({ base, pattern }, sample) => {
    const result = await searchWholeInSample(api, { ...base.params, [field]: pattern.pattern }, sample, `${field}=${pattern.pattern}`);
    // Whether the pattern is anchored to the whole value and whether case counts are not written: a record
    // is a misfit only when no reading matches it (the pattern found nowhere in the value, case aside).
    const misfits = result.records.filter((record) => !matchesWildcardAnywhere(record[field], pattern.pattern));
    sample.expect(misfits.length === 0, {
      title: `every email returned for ${field}=${JSON.stringify(pattern.pattern)} (${base.label}) matches it somewhere, case aside`,
      expected: `${field} matching ${pattern.pattern}`,
      ...offenders(result, misfits, field),
    });
    const missing = notReturned(result, recordsOfRef(base).filter((record) => matchesWildcardExactCase(record[field], pattern.pattern)));
    sample.expect(missing.length === 0, {
      title: `every email of ${base.label} whose ${field} matches ${JSON.stringify(pattern.pattern)} is returned`,
      expected: `the ${field}s matching ${pattern.pattern}`,
      ...leftOut(result, missing, field, { returned: new Set(idsOf(result.records)).size }),
    });
  }, { numRuns: 15 });
}
