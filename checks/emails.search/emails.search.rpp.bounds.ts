import { defineCheck } from '../../harness/core';
import { checkRppBounds } from '../shared/search';
import { DELIVERY, OP } from './documented-values';
import { judgeRppBounds } from '../shared/traffic';

export default defineCheck({
  rule: 'emails.search.rpp.bounds',
  title: 'rpp within bounds is accepted, outside refused',
  run: (ctx) => checkRppBounds(ctx, OP, { deliveryType: DELIVERY.manual }),
  traffic: (ctx) => judgeRppBounds(ctx, OP),
});
