import { defineCheck } from '../../harness/check';
import { driveDefaultAsExplicit } from './default-searches';
import { DEFAULT_STATUSES, DELIVERY } from './documented-values';
import { statusDefaultRule } from './filter-rules';
import { statusDefaultJudge } from './explored-judges';
import { judgeEmailsFilter } from './filter-judge';

export default defineCheck({
  rule: 'emails.search.status.default',
  title: 'a manual search without status returns Sent emails only',
  drive: (ctx) => driveDefaultAsExplicit(ctx, { base: { deliveryType: DELIVERY.manual }, param: 'status', value: DEFAULT_STATUSES }),
  judge: (ctx) => judgeEmailsFilter(ctx, statusDefaultRule(), statusDefaultJudge()),
});
