import { defineCheck } from '../../harness/check';
import { driveSortOrder } from '../../drivers';
import { OP } from './documented-values';
import { emailCatalogue } from './email-catalogue';
import { idsOf } from './email-records';
import { manualSentWide } from './manual-sent';
import { judgeSortOrder } from '../shared/judges';
import { emailsExploration } from './exploration';

/** How many of a large account's sent manual emails the walk across pages is narrowed to (emailIDs). */
const NARROWING_IDS = 60;

export default defineCheck({
  rule: 'emails.search.sort.order',
  title: 'every sortField in both directions orders records by the field type',
  async drive(ctx) {
    await ctx.observe(emailsExploration);
    // Across pages: the sent manual emails of a small account; a large one's (the catalogue could not read them whole) narrowed to some of them.
    const { manualSent } = await ctx.observe(emailCatalogue);
    const ids = idsOf(manualSent.records);
    const step = Math.max(1, Math.floor(ids.length / NARROWING_IDS));
    const narrowing = manualSent.complete ? undefined : ids.filter((_, i) => i % step === 0).slice(0, NARROWING_IDS);
    const base = manualSentWide(ctx.target);
    await driveSortOrder(ctx, OP, base, narrowing && narrowing.length > 1 ? { ...base, emailIDs: narrowing } : base);
  },
  judge: (ctx) => judgeSortOrder(ctx, OP),
});
