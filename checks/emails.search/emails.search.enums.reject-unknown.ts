import { defineCheck } from '../../harness/check';
import { driveEnumsRejectUnknown } from '../../drivers';
import { OP } from './documented-values';
import { DELIVERY } from '../../harness/model';
import { judgeEnumsRejectUnknown } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.enums.reject-unknown',
  title: 'unknown values of the enum parameters are refused',
  async drive(ctx) {
    // status applies to manual searches and automatedResults to automated ones: each is sent where it applies,
    // so a target ignoring an inapplicable parameter is not held to more than the document says.
    await driveEnumsRejectUnknown(ctx, OP, ['deliveryType', 'status', 'sortField', 'sortDirection'], { deliveryType: DELIVERY.manual }, { numRuns: 15 });
    await driveEnumsRejectUnknown(ctx, OP, ['automatedResults'], { deliveryType: DELIVERY.automated }, { numRuns: 8 });
  },
  // status and automatedResults are judged where they apply (x-applies-when).
  judge: (ctx) => judgeEnumsRejectUnknown(ctx, OP, ['deliveryType', 'status', 'automatedResults', 'sortField', 'sortDirection']),
});
