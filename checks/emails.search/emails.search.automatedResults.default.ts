import { defineCheck } from '../../harness/core';
import { judgeDefaultAsExplicit } from './default-searches';
import { DELIVERY, OP, SUMMARY } from './documented-values';
import { automatedResultsDefaultRule } from './traffic-filters';
import { judgeFilter } from '../shared/traffic';

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
  judge: (ctx) => judgeFilter(ctx, OP, automatedResultsDefaultRule()),
});
