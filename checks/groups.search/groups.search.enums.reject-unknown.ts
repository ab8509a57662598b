import { defineCheck } from '../../harness/check';
import { driveEnumsRejectUnknown } from '../../drivers';
import { judgeEnumsRejectUnknown } from '../shared/judges';
import { enumParams, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.enums.reject-unknown',
  title: 'an unknown status, type, sortField or sortDirection is refused',
  drive: (ctx) => driveEnumsRejectUnknown(ctx, OP, enumParams(), {}),
  judge: (ctx) => judgeEnumsRejectUnknown(ctx, OP, enumParams()),
});
