import { defineCheck } from '../../harness/core';
import { judgeDefaultAsExplicit } from './default-searches';
import { DELIVERY, SUMMARY } from './documented-values';

export default defineCheck({
  rule: 'emails.search.automatedResults.default',
  title: 'an automated search without automatedResults returns the summary',
  run: (ctx) =>
    judgeDefaultAsExplicit(ctx, {
      search: 'an automated search',
      base: { deliveryType: DELIVERY.automated },
      param: 'automatedResults',
      value: SUMMARY,
      none: 'no automated emails in the window',
    }),
});
