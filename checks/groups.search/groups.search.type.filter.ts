import { defineCheck } from '../../harness/core';
import { judgeFilter } from '../shared/traffic';
import { checkExactFilter } from './exact-filter';
import { OP } from './group-filters';
import { enumFilterRule } from './traffic-filters';

export default defineCheck({
  rule: 'groups.search.type.filter',
  title: 'type=<value> returns exactly the groups of that type',
  run: (ctx) => checkExactFilter(ctx, 'type'),
  traffic: (ctx) => judgeFilter(ctx, OP, enumFilterRule('type')),
});
