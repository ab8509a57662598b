import { defineCheck } from '../../harness/check';
import { wideWindowParams } from './date-windows';
import { OP } from './documented-values';
import { DELIVERY } from '../../harness/model';
import { statusLists } from './status-lists';
import { statusFilterRule } from './filter-rules';
import { emailsNarrowing } from './narrowing';
import { searchWhole } from './whole-search';
import { emailsExploration } from './exploration';
import { judgeFilter } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.status.filter',
  title: 'a manual search with status returns exactly the emails of those statuses',
  // Each status alone, then each list of several (the judge compares it with the union of its members alone).
  async drive(ctx) {
    const windowed = wideWindowParams(ctx.target);
    for (const status of statusLists()) await searchWhole(ctx.api, { deliveryType: DELIVERY.manual, status, ...windowed });
    // A large account's: each again, narrowed to one list of emails (narrowing.ts).
    const narrowing = await emailsNarrowing(ctx);
    if (narrowing) for (const status of statusLists()) await searchWhole(ctx.api, { deliveryType: DELIVERY.manual, status, ...windowed, emailIDs: narrowing });
    await ctx.observe(emailsExploration);
  },
  judge: (ctx) => judgeFilter(ctx, OP, statusFilterRule()),
});
