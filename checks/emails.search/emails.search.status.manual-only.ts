import { defineCheck } from '../../harness/core';
import { judgeFilter } from '../shared/traffic';
import { wideWindowParams } from './date-windows';
import { DELIVERY, DETAIL, OP, STATUSES, SUMMARY } from './documented-values';
import { statusIgnoredRule } from './traffic-filters';
import { idsOf, type Params } from './email-records';
import { compareExactly } from './record-evidence';
import { describeSearch, searchWhole } from './whole-search';

export default defineCheck({
  rule: 'emails.search.status.manual-only',
  title: 'for automated and transactional searches status changes nothing',
  async run({ api, judge, target }) {
    const windowed = wideWindowParams(target);
    const bases: Params[] = [
      { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed },
      { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed },
      { deliveryType: DELIVERY.transactional, ...windowed },
    ];
    const lists = [...STATUSES.map((status) => [status]), STATUSES];
    let judged = 0;
    for (const base of bases) {
      const reference = await searchWhole(api, base);
      if (!reference.complete) return judge.inconclusive(`a search could not be read whole: ${reference.stoppedBecause}`);
      if (reference.records.length === 0) continue;
      judged += 1;
      for (const status of lists) {
        const result = await searchWhole(api, { ...base, status });
        const same = result.complete ? compareExactly(idsOf(reference.records), result) : undefined;
        judge.check(same?.ok ?? false, {
          title: `${describeSearch(base)} with status=${status.join(',')} returns the same emails as without status`,
          ...(same ?? { expected: 'the same emails', actual: { outcome: result.pages.at(-1)?.outcome, stoppedBecause: result.stoppedBecause }, response: result.pages.at(-1) }),
        });
      }
    }
    if (judged === 0) judge.inconclusive('no automated or transactional emails in the window');
  },
  judge: (ctx) => judgeFilter(ctx, OP, statusIgnoredRule()),
});
