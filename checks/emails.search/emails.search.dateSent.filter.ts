import fc from 'fast-check';
import { defineCheck } from '../../harness/check';
import { harnessNow, windowWithin } from '../../generators';
import { wideWindowMonths, windowParams } from './date-windows';
import { SORT_DIRECTIONS, OP } from './documented-values';
import { DELIVERY, DETAIL } from '../../harness/model';
import { dateSentRule } from './filter-rules';
import type { Params } from './email-records';
import { searchWhole } from './whole-search';
import { emailsExploration } from './exploration';
import { judgeFilter } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.dateSent.filter',
  title: "every record's dateSent lies within the window",
  async drive(ctx) {
    const searches: Params[] = [
      { deliveryType: DELIVERY.manual },
      { deliveryType: DELIVERY.automated, automatedResults: DETAIL },
      { deliveryType: DELIVERY.transactional },
    ];
    // Lengths spread over the wide window's span; staying inside it keeps this driver off the limit's edge.
    const arbitrary = fc.record({
      window: windowWithin(wideWindowMonths(), harnessNow(), { lengths: 'spread' }),
      base: fc.constantFrom(...searches),
      direction: fc.constantFrom(...SORT_DIRECTIONS),
    });
    await ctx.explore(arbitrary, ({ window, base, direction }) =>
      searchWhole(ctx.api, { ...base, ...windowParams(window, ctx.target), sortField: 'dateSent', sortDirection: direction }, 3), { numRuns: 15 });
    await ctx.observe(emailsExploration);
  },
  judge: (ctx) => judgeFilter(ctx, OP, dateSentRule(ctx.target)),
});
