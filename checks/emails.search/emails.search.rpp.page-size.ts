import { defineCheck } from '../../harness/check';
import { driveRppPageSize } from '../../drivers';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';
import { judgePageSizes } from '../shared/judges';
import { emailsExploration } from './exploration';

export default defineCheck({
  rule: 'emails.search.rpp.page-size',
  title: 'a page holds at most rpp records, exactly rpp while more remain',
  async drive(ctx) {
    await ctx.observe(emailsExploration);
    await driveRppPageSize(ctx, OP, manualSentWide(ctx.target), { numRuns: 15 });
  },
  judge: (ctx) => judgePageSizes(ctx, OP),
});
