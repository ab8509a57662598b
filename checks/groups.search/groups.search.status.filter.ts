import { defineCheck } from '../../harness/core';
import { judgeFilter } from '../shared/traffic';
import { checkExactFilter } from './exact-filter';
import { OP } from './group-filters';
import { enumFilterRule } from './traffic-filters';
import { groupsExploration } from './exploration';
import { enumFilterJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'groups.search.status.filter',
  title: 'status=<value> returns exactly the groups of that status',
  run: withExplored((ctx) => checkExactFilter(ctx, 'status'), groupsExploration, () => enumFilterJudge('status')),
  judge: (ctx) => judgeFilter(ctx, OP, enumFilterRule('status')),
});
