import { defineCheck } from '../../harness/core';
import { checkExactFilter } from './exact-filter';

export default defineCheck({
  rule: 'groups.search.type.filter',
  title: 'type=<value> returns exactly the groups of that type',
  run: (ctx) => checkExactFilter(ctx, 'type'),
});
