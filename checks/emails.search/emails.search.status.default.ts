import { defineCheck } from '../../harness/core';
import { judgeDefaultAsExplicit } from './default-searches';
import { DEFAULT_STATUSES, DELIVERY, OP } from './documented-values';
import { statusDefaultRule } from './traffic-filters';
import { judgeFilter } from '../shared/traffic';
import { emailsExploration } from './exploration';
import { statusDefaultJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.status.default',
  title: 'a manual search without status returns Sent emails only',
  run: withExplored((ctx) =>
    judgeDefaultAsExplicit(ctx, {
      search: 'a manual search',
      base: { deliveryType: DELIVERY.manual },
      param: 'status',
      value: DEFAULT_STATUSES,
      none: 'no sent manual email in the window',
      only: {
        field: 'status',
        allowed: DEFAULT_STATUSES,
        title: `a manual search without status returns only emails of status ${DEFAULT_STATUSES.join(', ')}`,
        expected: DEFAULT_STATUSES,
      },
    }), emailsExploration, () => statusDefaultJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, statusDefaultRule()),
});
