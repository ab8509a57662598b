import { defineCheck } from '../../harness/check';
import { driveDefaultAsExplicit } from './default-searches';
import { OP } from './documented-values';
import { DELIVERY, SUMMARY } from '../../harness/model';
import { automatedResultsDefaultRule } from './filter-rules';
import { judgeFilter } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.automatedResults.default',
  title: 'an automated search without automatedResults returns the summary',
  drive: (ctx) => driveDefaultAsExplicit(ctx, { base: { deliveryType: DELIVERY.automated }, param: 'automatedResults', value: SUMMARY }),
  judge: (ctx) => judgeFilter(ctx, OP, automatedResultsDefaultRule()),
});
