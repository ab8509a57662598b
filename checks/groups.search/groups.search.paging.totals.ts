import { defineCheck } from '../../harness/core';
import { checkPagingTotals } from '../shared/search';
import { withEveryGroup } from './discovery';
import { OP } from './group-filters';
import { groupPagingCombinations } from './paging-combinations';
import { judgePagingTotals } from '../shared/traffic';

export default defineCheck({
  rule: 'groups.search.paging.totals',
  title: 'for each filter combination, the pages reach totalRecords groups once each, and totalPages/next/prev agree',
  run: withEveryGroup((groups, ctx) => checkPagingTotals(ctx, OP, groupPagingCombinations(groups))),
  judge: (ctx) => judgePagingTotals(ctx, OP),
});
