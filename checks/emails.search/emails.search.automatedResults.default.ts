import { defineCheck } from '../../harness/check';
import { driveDefaultAsExplicit } from './default-searches';
import { DELIVERY, OP, SUMMARY } from './documented-values';
import { automatedResultsDefaultRule } from './filter-rules';
import { judgeFilter } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.automatedResults.default',
  title: 'an automated search without automatedResults returns the summary',
  drive: (ctx) => driveDefaultAsExplicit(ctx, { base: { deliveryType: DELIVERY.automated }, param: 'automatedResults', value: SUMMARY }),
  judge: (ctx) => judgeFilter(ctx, OP, automatedResultsDefaultRule()),
});
