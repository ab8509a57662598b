import { defineCheck } from '../../harness/core';
import { checkExactFilter } from './exact-filter';

export default defineCheck({
  rule: 'groups.search.status.filter',
  title: 'status=<value> returns exactly the groups of that status',
  run: (ctx) => checkExactFilter(ctx, 'status'),
});
