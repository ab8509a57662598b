import { defineCheck } from '../../harness/core';
import { checkSortOrder } from '../shared/search';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';
import { judgeSortOrder } from '../shared/traffic';

export default defineCheck({
  rule: 'emails.search.sort.order',
  title: 'every sortField in both directions orders records by the field type',
  run: (ctx) => checkSortOrder(ctx, OP, manualSentWide(ctx.target)),
  traffic: (ctx) => judgeSortOrder(ctx, OP),
});
