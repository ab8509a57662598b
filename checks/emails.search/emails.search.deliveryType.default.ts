import { defineCheck } from '../../harness/core';
import { judgeDefaultAsExplicit } from './default-searches';
import { DELIVERY, OP } from './documented-values';
import { deliveryTypeDefaultRule } from './traffic-filters';
import { judgeFilter } from '../shared/traffic';
import { emailsExploration } from './exploration';
import { deliveryTypeDefaultJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.deliveryType.default',
  title: 'without deliveryType only manual emails are returned',
  run: withExplored((ctx) =>
    judgeDefaultAsExplicit(ctx, {
      search: 'a search',
      base: {},
      param: 'deliveryType',
      value: DELIVERY.manual,
      none: 'no manual email in the window',
      only: { field: 'deliveryType', allowed: [DELIVERY.manual], title: 'a search without deliveryType returns only Manual emails', expected: 'deliveryType Manual only' },
    }), emailsExploration, () => deliveryTypeDefaultJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, deliveryTypeDefaultRule()),
});
