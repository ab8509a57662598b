import { defineCheck } from '../../harness/check';
import { wideWindowParams } from './date-windows';
import { DELIVERY_TYPES, OP } from './documented-values';
import { DELIVERY, DETAIL } from '../../harness/model';
import { deliveryTypeRule } from './filter-rules';
import { searchWhole } from './whole-search';
import { emailsExploration } from './exploration';
import { judgeFilter } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.deliveryType.filter',
  title: 'every record has the deliveryType passed',
  async drive(ctx) {
    const windowed = wideWindowParams(ctx.target);
    for (const deliveryType of DELIVERY_TYPES) await searchWhole(ctx.api, { deliveryType, ...windowed });
    await searchWhole(ctx.api, { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed });
    await ctx.observe(emailsExploration);
  },
  judge: (ctx) => judgeFilter(ctx, OP, deliveryTypeRule()),
});
