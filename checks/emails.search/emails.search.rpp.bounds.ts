import { defineCheck } from '../../harness/check';
import { driveRppBounds } from '../../drivers';
import { OP } from './documented-values';
import { DELIVERY } from '../../harness/model';
import { judgeRppBounds } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.rpp.bounds',
  title: 'rpp within bounds is accepted, outside refused',
  drive: (ctx) => driveRppBounds(ctx, OP, { deliveryType: DELIVERY.manual }),
  judge: (ctx) => judgeRppBounds(ctx, OP),
});
