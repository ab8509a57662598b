import { defineCheck } from '../../harness/check';
import { driveFiltersSubset } from '../../drivers';
import { judgeFiltersSubset, rulesFilters } from '../shared/judges';
import { discoverGroups } from './discovery';
import { filterCandidates, READ_ALONE } from './filter-candidates';
import { everyGroup, OP } from './group-filters';
import { sameText } from '../../harness/oracles';
import { filterValues, groupsSearchFilters } from '../../harness/model';

const RULE = 'groups.search.filters.subset';

export default defineCheck({
  rule: RULE,
  title: 'adding a filter never returns a group the search without it lacks',
  async drive(ctx) {
    const { groups } = await discoverGroups(ctx);
    await driveFiltersSubset(ctx, OP, filterCandidates(groups), everyGroup(), READ_ALONE, { numRuns: 20 });
  },
  judge(ctx) {
    // status=All and type=All select every group (the value no group carries).
    const widest: Record<string, string> = { status: filterValues('status').widest, type: filterValues('type').widest };
    return judgeFiltersSubset(ctx, OP, {
      filters: rulesFilters(OP, RULE),
      selectsAll: (name, value) => name in widest && sameText(value, widest[name]),
      model: groupsSearchFilters,
    });
  },
});
