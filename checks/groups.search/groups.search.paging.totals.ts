import { defineCheck } from '../../harness/core';
import { checkPagingTotals } from '../shared/search';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.paging.totals',
  title: 'pages are disjoint, cover totalRecords, and totalPages/next/prev agree',
  run: (ctx) => checkPagingTotals(ctx, OP, everyGroup()),
});
