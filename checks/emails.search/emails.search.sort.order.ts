import { defineCheck } from '../../harness/core';
import { checkSortOrder, withExplored, sortOrderJudge } from '../shared/search';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';
import { judgeSortOrder } from '../shared/traffic';
import { emailsExploration } from './exploration';

export default defineCheck({
  rule: 'emails.search.sort.order',
  title: 'every sortField in both directions orders records by the field type',
  run: withExplored((ctx) => checkSortOrder(ctx, OP, manualSentWide(ctx.target)), emailsExploration, (ctx) => sortOrderJudge(OP, ctx.target)),
  judge: (ctx) => judgeSortOrder(ctx, OP),
});
