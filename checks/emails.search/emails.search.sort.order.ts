import { defineCheck } from '../../harness/check';
import { driveSortOrder } from '../../drivers';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';
import { judgeSortOrder } from '../shared/judges';
import { emailsExploration } from './exploration';

export default defineCheck({
  rule: 'emails.search.sort.order',
  title: 'every sortField in both directions orders records by the field type',
  async drive(ctx) {
    await ctx.observe(emailsExploration);
    await driveSortOrder(ctx, OP, manualSentWide(ctx.target));
  },
  judge: (ctx) => judgeSortOrder(ctx, OP),
});
