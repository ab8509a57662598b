import { defineCheck } from '../../harness/check';
import { judgeFilter } from '../shared/judges';
import { driveFilter } from './filter-driver';
import { groupIDsFocus } from './filter-focuses';
import { OP } from './group-filters';
import { groupIDsRule } from './filter-rules';

export default defineCheck({
  rule: 'groups.search.groupIDs.filter',
  title: 'groupIDs returns exactly the listed groups within the status filter',
  drive: (ctx) => driveFilter(ctx, groupIDsFocus()),
  judge: (ctx) => judgeFilter(ctx, OP, groupIDsRule()),
});
