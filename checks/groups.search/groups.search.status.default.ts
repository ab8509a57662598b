import { defineCheck } from '../../harness/check';
import { judgeFilter } from '../shared/judges';
import { driveFilter } from './filter-driver';
import { defaultFocus } from './filter-focuses';
import { OP } from './group-filters';
import { statusDefaultRule } from './filter-rules';

export default defineCheck({
  rule: 'groups.search.status.default',
  title: 'without status exactly the groups of the default status are returned',
  drive: (ctx) => driveFilter(ctx, defaultFocus('status')),
  judge: (ctx) => judgeFilter(ctx, OP, statusDefaultRule()),
});
