import { defineCheck } from '../../harness/check';
import { driveDefaultAsExplicit } from './default-searches';
import { OP } from './documented-values';
import { DEFAULT_STATUSES, DELIVERY } from '../../harness/model';
import { statusDefaultRule } from './filter-rules';
import { judgeFilter } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.status.default',
  title: 'a manual search without status returns Sent emails only',
  drive: (ctx) => driveDefaultAsExplicit(ctx, { base: { deliveryType: DELIVERY.manual }, param: 'status', value: DEFAULT_STATUSES }),
  judge: (ctx) => judgeFilter(ctx, OP, statusDefaultRule()),
});
