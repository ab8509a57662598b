import { defineCheck } from '../../harness/check';
import { wideWindowParams } from './date-windows';
import { OP, RPP_MAX, STATUSES } from './documented-values';
import { DELIVERY, DETAIL, SUMMARY } from '../../harness/model';
import type { Params } from './email-records';
import { A_RECORD, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'schema.emails.search',
  title: 'every kind of email record and the paging block match the Email and Paging schemas',
  // Every kind of record: each delivery type, automated results in summary and detail, over the widest window.
  async drive({ api, target }) {
    const windowed = wideWindowParams(target);
    const searches: Params[] = [
      { deliveryType: DELIVERY.manual, status: STATUSES, ...windowed },
      { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed },
      { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed },
      { deliveryType: DELIVERY.transactional, ...windowed },
    ];
    for (const params of searches) await api.call(OP, { params: { ...params, rpp: RPP_MAX } });
  },
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_RECORD] }),
});
