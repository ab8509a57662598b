import { defineCheck } from '../../harness/core';
import { checkPageMinimum } from '../shared/search';
import { DELIVERY, OP } from './documented-values';

export default defineCheck({
  rule: 'emails.search.page.minimum',
  title: 'page below the minimum or non-integer is refused',
  run: (ctx) => checkPageMinimum(ctx, OP, { deliveryType: DELIVERY.manual }),
});
