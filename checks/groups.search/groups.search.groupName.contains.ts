import { defineCheck } from '../../harness/check';
import { judgeFilter } from '../shared/judges';
import { driveFilter } from './filter-driver';
import { groupNameFocus } from './filter-focuses';
import { OP } from './group-filters';
import { groupNameRule } from './filter-rules';

export default defineCheck({
  rule: 'groups.search.groupName.contains',
  title: 'groupName returns exactly the groups whose name contains it',
  drive: (ctx) => driveFilter(ctx, groupNameFocus()),
  judge: (ctx) => judgeFilter(ctx, OP, groupNameRule()),
});
