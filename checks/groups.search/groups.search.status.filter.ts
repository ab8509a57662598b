import { defineCheck } from '../../harness/core';
import { judgeFilter } from '../shared/traffic';
import { checkExactFilter } from './exact-filter';
import { OP } from './group-filters';
import { enumFilterRule } from './traffic-filters';

export default defineCheck({
  rule: 'groups.search.status.filter',
  title: 'status=<value> returns exactly the groups of that status',
  run: (ctx) => checkExactFilter(ctx, 'status'),
  traffic: (ctx) => judgeFilter(ctx, OP, enumFilterRule('status')),
});
