import fc from 'fast-check';
import { defineCheck } from '../../harness/check';
import { catalogueBases, emailCatalogue, refOf, usableBases } from './email-catalogue';
import { idsOf } from './email-records';
import { emailIDsRule } from './filter-rules';
import { searchWhole } from './whole-search';
import { emailsExploration } from './exploration';
import { judgeFilter } from '../shared/judges';
import { OP } from './documented-values';

export default defineCheck({
  rule: 'emails.search.emailIDs.filter',
  title: 'emailIDs returns exactly the listed emails within the other filters',
  async drive(ctx) {
    const catalogue = await ctx.observe(emailCatalogue);
    const bases = usableBases([catalogue.manualAll, catalogue.automatedSummary, catalogue.automatedDetail, catalogue.transactional]);
    const everyID = [...new Set(catalogueBases(catalogue).flatMap((base) => idsOf(base.records)))];
    if (bases.length > 0) {
      const arbitrary = fc.constantFrom(...bases).chain((base) => {
        const own = idsOf(base.records);
        const ownSet = new Set(own);
        const foreign = everyID.filter((id) => !ownSet.has(id));
        return fc.record({
          base: fc.constant(refOf(base)),
          listed: fc.uniqueArray(fc.constantFrom(...own), { minLength: 1, maxLength: 5 }),
          // An ID the other filters exclude (an email of another search): listed, but not to be returned.
          outsider: foreign.length > 0 ? fc.option(fc.constantFrom(...foreign), { nil: undefined }) : fc.constant(undefined),
        });
      });
      await ctx.explore(arbitrary, ({ base, listed, outsider }) =>
        searchWhole(ctx.api, { ...base.params, emailIDs: outsider === undefined ? listed : [...listed, outsider] }), { numRuns: 15 });
    }
    await ctx.observe(emailsExploration);
  },
  judge: (ctx) => judgeFilter(ctx, OP, emailIDsRule()),
});
