import { defineCheck } from '../../harness/check';
import { driveDefaultSort } from '../../drivers';
import { judgeDefaultSort } from '../shared/judges';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.sort.default',
  title: 'without sortField and sortDirection groups are ordered by the default sort',
  drive: (ctx) => driveDefaultSort(ctx, OP, everyGroup()),
  judge: (ctx) =>
    judgeDefaultSort(ctx, OP, ['GET', 'POST']),
});
