import { defineCheck } from '../../harness/core';
import { checkPagingTotals } from '../shared/search';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';

export default defineCheck({
  rule: 'emails.search.paging.totals',
  title: 'paging through gives disjoint pages that add up to the totals',
  run: (ctx) => checkPagingTotals(ctx, OP, manualSentWide(ctx.target)),
});
