import { defineCheck } from '../../harness/check';
import { judgeFilter } from '../shared/judges';
import { driveFilter } from './filter-driver';
import { enumFocus } from './filter-focuses';
import { OP } from './group-filters';
import { enumFilterRule } from './filter-rules';

export default defineCheck({
  rule: 'groups.search.status.filter',
  title: 'status=<value> returns exactly the groups of that status',
  drive: (ctx) => driveFilter(ctx, enumFocus('status')),
  judge: (ctx) => judgeFilter(ctx, OP, enumFilterRule('status')),
});
