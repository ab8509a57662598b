import fc from 'fast-check';
import { defineCheck } from '../../harness/core';
import { catalogueBases, emailCatalogue, refOf, usableBases } from './email-catalogue';
import { idsOf } from './email-records';
import { compareExactly } from './record-evidence';
import { OP } from './documented-values';
import { emailIDsRule } from './traffic-filters';
import { searchWholeInSample } from './whole-search';
import { judgeFilter } from '../shared/traffic';
import { emailsExploration } from './exploration';
import { emailIDsJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.emailIDs.filter',
  title: 'emailIDs returns exactly the listed emails within the other filters',
  run: withExplored(async ({ api, judge, observe }) => {
    const catalogue = await observe(emailCatalogue);
    const bases = usableBases([catalogue.manualAll, catalogue.automatedSummary, catalogue.automatedDetail, catalogue.transactional]);
    if (bases.length === 0) return judge.inconclusive('no emails in the window');
    const everyID = [...new Set(catalogueBases(catalogue).flatMap((base) => idsOf(base.records)))];
    const arbitrary = fc.constantFrom(...bases).chain((base) => {
      const own = idsOf(base.records);
      const ownSet = new Set(own);
      const foreign = everyID.filter((id) => !ownSet.has(id));
      return fc.record({
        base: fc.constant(refOf(base)),
        listed: fc.uniqueArray(fc.constantFrom(...own), { minLength: 1, maxLength: 5 }),
        // An ID the other filters exclude (an email of another search): listed, but not returned.
        outsider: foreign.length > 0 ? fc.option(fc.constantFrom(...foreign), { nil: undefined }) : fc.constant(undefined),
      });
    });
    await judge.property(arbitrary, async ({ base, listed, outsider }, sample) => {
      const emailIDs = outsider === undefined ? listed : [...listed, outsider];
      const result = await searchWholeInSample(api, { ...base.params, emailIDs }, sample, `emailIDs=${emailIDs.join(',')}`);
      const same = compareExactly(listed, result);
      sample.expect(same.ok, {
        title: `emailIDs=${emailIDs.join(',')} with ${base.label} returns exactly the listed emails of that search${outsider === undefined ? '' : ` (${outsider} belongs to another search)`}`,
        ...same,
      });
    }, { numRuns: 15 });
  }, emailsExploration, () => emailIDsJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, emailIDsRule()),
});
