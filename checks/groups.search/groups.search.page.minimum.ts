import { defineCheck } from '../../harness/check';
import { drivePageMinimum } from '../../drivers';
import { judgePageMinimum } from '../shared/judges';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.page.minimum',
  title: 'page below the minimum or non-integer is refused',
  drive: (ctx) => drivePageMinimum(ctx, OP, everyGroup()),
  judge: (ctx) => judgePageMinimum(ctx, OP),
});
