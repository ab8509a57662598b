import fc from 'fast-check';
import { defineCheck } from '../../harness/core';
import { harnessNow, windowWithin } from '../../generators';
import { wideWindowMonths, windowParams } from './date-windows';
import { DELIVERY, DETAIL, OP, SORT_DIRECTIONS } from './documented-values';
import { dateSentRule } from './traffic-filters';
import { dateSentOf, type Params } from './email-records';
import { offenders } from './record-evidence';
import { searchWhole } from './whole-search';
import { judgeFilter } from '../shared/traffic';
import { emailsExploration } from './exploration';
import { dateSentJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.dateSent.filter',
  title: "every record's dateSent lies within the window",
  run: withExplored(async ({ api, judge, target }) => {
    const now = harnessNow();
    const searches: Params[] = [
      { deliveryType: DELIVERY.manual },
      { deliveryType: DELIVERY.automated, automatedResults: DETAIL },
      { deliveryType: DELIVERY.transactional },
    ];
    // Lengths spread over the wide window's span; staying inside it keeps this check off the limit's edge.
    const arbitrary = fc.record({
      window: windowWithin(wideWindowMonths(), now, { lengths: 'spread' }),
      base: fc.constantFrom(...searches),
      direction: fc.constantFrom(...SORT_DIRECTIONS),
    });
    await judge.property(arbitrary, async ({ window, base, direction }, sample) => {
      const params: Params = { ...base, ...windowParams(window, target), sortField: 'dateSent', sortDirection: direction };
      const result = await searchWhole(api, params, 3);
      if (result.records.length === 0 && !result.complete) sample.inconclusive(`the search answered no records: ${result.stoppedBecause}`);
      const dated = result.records.filter((record) => dateSentOf(record, target) !== undefined);
      if (dated.length === 0) sample.inconclusive('no email with a dateSent in the window');
      const outside = dated.filter((record) => {
        const sent = dateSentOf(record, target)!;
        return sent < window.start || sent > window.end;
      });
      sample.expect(outside.length === 0, {
        title: `every email returned for the window ${String(params.dateSentStart)} .. ${String(params.dateSentEnd)} was sent within it`,
        expected: { from: params.dateSentStart, to: params.dateSentEnd },
        ...offenders(result, outside, 'dateSent'),
      });
    }, { numRuns: 15 });
  }, emailsExploration, (ctx) => dateSentJudge(ctx.target)),
  judge: (ctx) => judgeFilter(ctx, OP, dateSentRule(ctx.target)),
});
