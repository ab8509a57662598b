import { defineCheck } from '../../harness/core';
import { checkSortOrder, sortOrderJudge, withExplored } from '../shared/search';
import { judgeSortOrder } from '../shared/traffic';
import { everyGroup, OP } from './group-filters';
import { groupsExploration } from './exploration';

export default defineCheck({
  rule: 'groups.search.sort.order',
  title: 'every sortField in both directions orders groups by the field type',
  run: withExplored((ctx) => checkSortOrder(ctx, OP, everyGroup()), groupsExploration, (ctx) => sortOrderJudge(OP, ctx.target)),
  judge: (ctx) => judgeSortOrder(ctx, OP),
});
