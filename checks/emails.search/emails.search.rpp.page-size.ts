import { defineCheck } from '../../harness/core';
import { checkRppPageSize, withExplored, pageSizeJudge } from '../shared/search';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';
import { judgePageSizes } from '../shared/traffic';
import { emailsExploration } from './exploration';

export default defineCheck({
  rule: 'emails.search.rpp.page-size',
  title: 'a page holds at most rpp records, exactly rpp while more remain',
  run: withExplored((ctx) => checkRppPageSize(ctx, OP, manualSentWide(ctx.target), { numRuns: 15 }), emailsExploration, () => pageSizeJudge(OP)),
  judge: (ctx) => judgePageSizes(ctx, OP),
});
