import { defineCheck } from '../../harness/check';
import { drivePageMinimum } from '../../drivers';
import { OP } from './documented-values';
import { DELIVERY } from '../../harness/model';
import { judgePageMinimum } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.page.minimum',
  title: 'page below the minimum or non-integer is refused',
  drive: (ctx) => drivePageMinimum(ctx, OP, { deliveryType: DELIVERY.manual }),
  judge: (ctx) => judgePageMinimum(ctx, OP),
});
