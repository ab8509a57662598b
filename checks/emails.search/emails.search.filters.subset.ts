import { defineCheck } from '../../harness/check';
import { emailsSearchFiltersOf } from '../../harness/model';
import { driveFiltersSubset } from '../../drivers';
import { judgeFiltersSubset, rulesFilters } from '../shared/judges';
import { OP } from './documented-values';
import { emailCatalogue } from './email-catalogue';
import { idsOf } from './email-records';
import { filterCandidates, transactionalCategories } from './filter-candidates';

const RULE = 'emails.search.filters.subset';

export default defineCheck({
  rule: RULE,
  title: 'adding a filter never returns a record the search without it lacks',
  async drive(ctx) {
    const catalogue = await ctx.observe(emailCatalogue);
    const manual = catalogue.manualAll;
    const transactional = catalogue.transactional;
    const categories = transactionalCategories(ctx.target);
    // Each base keeps its widest status; the filters come from the records each base returned. Only
    // subsets are judged here: that each filter selects the right records is its own rule.
    const fromManual = filterCandidates(manual, ['userID', 'title', 'subject', 'emailIDs', 'parentEmailID', 'campaignID']);
    // No email names a parent: an email's own ID as parentEmailID (likely selecting nothing) still adds the filter.
    if (fromManual.parentEmailID!.length === 0) fromManual.parentEmailID = idsOf(manual.records).slice(0, 3);
    const runs = [
      { base: manual, candidates: fromManual },
      {
        base: transactional,
        candidates: {
          ...filterCandidates(transactional, ['userID', 'subject', 'emailIDs', 'campaignID']),
          // A category need not be known to the target: an unknown one narrows to nothing, still a subset.
          transactionalCategory: categories.length > 0 ? categories : ['conformance-category'],
        },
      },
    ];
    for (const { base, candidates } of runs) await driveFiltersSubset(ctx, OP, candidates, base.params, [], { numRuns: 12 });
  },
  // No filter value selects every email; what each filter selects alone is its own rule.
  judge: (ctx) => judgeFiltersSubset(ctx, OP, { filters: rulesFilters(OP, RULE), model: emailsSearchFiltersOf(ctx.target) }),
});
