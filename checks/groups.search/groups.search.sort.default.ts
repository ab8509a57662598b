import { defaultOf } from '../../generators';
import { defineCheck } from '../../harness/core';
import { firstPage, judgeOrderOf, maxRpp, recordSortOutcomes, type SortOutcome } from '../shared/search';
import { judgeDefaultSort } from '../shared/traffic';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.sort.default',
  title: 'without sortField and sortDirection groups are ordered by the default sort',
  async run(ctx) {
    const field = String(defaultOf(OP, 'sortField'));
    const direction = String(defaultOf(OP, 'sortDirection')).toLowerCase() as 'asc' | 'desc';
    const outcomes: SortOutcome[] = [];
    for (const method of ['GET', 'POST'] as const) {
      const response = await ctx.api.call(OP, { method, params: { ...everyGroup(), rpp: maxRpp(OP), page: firstPage(OP) } });
      outcomes.push(judgeOrderOf(ctx, OP, response, field, direction, `${direction} (no sort parameters, ${method})`));
    }
    recordSortOutcomes(ctx.judge, outcomes);
  },
  judge: (ctx) =>
    judgeDefaultSort(ctx, OP, { field: String(defaultOf(OP, 'sortField')), direction: String(defaultOf(OP, 'sortDirection')).toLowerCase() as 'asc' | 'desc', methods: ['GET', 'POST'] }),
});
