import { defineCheck } from '../../harness/check';
import { judgeFilter } from '../shared/judges';
import { driveFilter } from './filter-driver';
import { enumFocus } from './filter-focuses';
import { OP } from './group-filters';
import { enumFilterRule } from './filter-rules';

export default defineCheck({
  rule: 'groups.search.type.filter',
  title: 'type=<value> returns exactly the groups of that type',
  drive: (ctx) => driveFilter(ctx, enumFocus('type')),
  judge: (ctx) => judgeFilter(ctx, OP, enumFilterRule('type')),
});
