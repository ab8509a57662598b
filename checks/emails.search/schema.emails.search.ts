import { defineCheck } from '../../harness/core';
import { wideWindowParams } from './date-windows';
import { DELIVERY, DETAIL, OP, RPP_MAX, STATUSES, SUMMARY } from './documented-values';
import type { Params } from './email-records';
import { A_RECORD, judgeAnswerRule } from '../shared/traffic';

export default defineCheck({
  rule: 'schema.emails.search',
  title: 'every kind of email record and the paging block match the Email and Paging schemas',
  async run({ api, judge, target }) {
    // The client validates every answer and records this rule's verdict; this check asks for every kind of record.
    const windowed = wideWindowParams(target);
    let records = 0;
    const searches: Params[] = [
      { deliveryType: DELIVERY.manual, status: STATUSES, ...windowed },
      { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed },
      { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed },
      { deliveryType: DELIVERY.transactional, ...windowed },
    ];
    for (const params of searches) {
      const response = await api.call(OP, { params: { ...params, rpp: RPP_MAX } });
      records += response.records?.length ?? 0;
    }
    if (records === 0) judge.inconclusive('no search returned an email record, so no record could be validated');
  },
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_RECORD] }),
});
