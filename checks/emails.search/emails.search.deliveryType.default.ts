import { defineCheck } from '../../harness/check';
import { driveDefaultAsExplicit } from './default-searches';
import { DELIVERY } from './documented-values';
import { deliveryTypeDefaultRule } from './filter-rules';
import { deliveryTypeDefaultJudge } from './explored-judges';
import { judgeEmailsFilter } from './filter-judge';

export default defineCheck({
  rule: 'emails.search.deliveryType.default',
  title: 'without deliveryType only manual emails are returned',
  drive: (ctx) => driveDefaultAsExplicit(ctx, { base: {}, param: 'deliveryType', value: DELIVERY.manual }),
  judge: (ctx) => judgeEmailsFilter(ctx, deliveryTypeDefaultRule(), deliveryTypeDefaultJudge()),
});
