import { defineCheck } from '../../harness/check';
import { judgeFilter } from '../shared/judges';
import { wideWindowParams } from './date-windows';
import { OP, STATUSES } from './documented-values';
import { DELIVERY, DETAIL, SUMMARY } from '../../harness/model';
import { statusIgnoredRule } from './filter-rules';
import type { Params } from './email-records';
import { emailsNarrowing } from './narrowing';
import { searchWhole } from './whole-search';

export default defineCheck({
  rule: 'emails.search.status.manual-only',
  title: 'for automated and transactional searches status changes nothing',
  // Each automated and transactional search read whole without status, then with each status and with all.
  // A large account's search that cannot be read whole is narrowed to one list of emails (narrowing.ts).
  async drive(ctx) {
    const { api, target } = ctx;
    const windowed = wideWindowParams(target);
    const bases: Params[] = [
      { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed },
      { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed },
      { deliveryType: DELIVERY.transactional, ...windowed },
    ];
    for (const whole of bases) {
      let base = whole;
      const reference = await searchWhole(api, base);
      if (!reference.complete) {
        const narrowing = await emailsNarrowing(ctx);
        if (!narrowing) continue;
        base = { ...whole, emailIDs: narrowing };
        const narrowed = await searchWhole(api, base);
        if (!narrowed.complete || narrowed.records.length === 0) continue;
      } else if (reference.records.length === 0) continue;
      for (const status of [...STATUSES.map((one) => [one]), STATUSES]) await searchWhole(api, { ...base, status });
    }
  },
  judge: (ctx) => judgeFilter(ctx, OP, statusIgnoredRule()),
});
