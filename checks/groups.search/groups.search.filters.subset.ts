import { defineCheck } from '../../harness/core';
import { checkFiltersSubset } from '../shared/search';
import { withEveryGroup } from './discovery';
import { filterCandidates, GROUP_PREDICATES } from './filter-candidates';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.filters.subset',
  title: 'adding a filter never returns a group the search without it lacks',
  run: withEveryGroup(async (groups, ctx) => {
    await checkFiltersSubset(ctx, OP, filterCandidates(groups), everyGroup(), GROUP_PREDICATES, { numRuns: 20 });
  }),
});
