import { defineCheck } from '../../harness/check';
import { driveDefaultAsExplicit } from './default-searches';
import { OP } from './documented-values';
import { DELIVERY } from '../../harness/model';
import { deliveryTypeDefaultRule } from './filter-rules';
import { judgeFilter } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.deliveryType.default',
  title: 'without deliveryType only manual emails are returned',
  drive: (ctx) => driveDefaultAsExplicit(ctx, { base: {}, param: 'deliveryType', value: DELIVERY.manual }),
  judge: (ctx) => judgeFilter(ctx, OP, deliveryTypeDefaultRule()),
});
