import { defineCheck } from '../../harness/core';
import { checkPageMinimum } from '../shared/search';
import { DELIVERY, OP } from './documented-values';
import { judgePageMinimum } from '../shared/traffic';

export default defineCheck({
  rule: 'emails.search.page.minimum',
  title: 'page below the minimum or non-integer is refused',
  run: (ctx) => checkPageMinimum(ctx, OP, { deliveryType: DELIVERY.manual }),
  judge: (ctx) => judgePageMinimum(ctx, OP),
});
