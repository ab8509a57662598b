import { defineCheck } from '../../harness/core';
import { checkRppPageSize } from '../shared/search';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';
import { judgePageSizes } from '../shared/traffic';

export default defineCheck({
  rule: 'emails.search.rpp.page-size',
  title: 'a page holds at most rpp records, exactly rpp while more remain',
  run: (ctx) => checkRppPageSize(ctx, OP, manualSentWide(ctx.target), { numRuns: 15 }),
  traffic: (ctx) => judgePageSizes(ctx, OP),
});
