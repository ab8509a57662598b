import { defineCheck } from '../../harness/core';
import { checkSortOrder } from '../shared/search';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.sort.order',
  title: 'every sortField in both directions orders groups by the field type',
  run: (ctx) => checkSortOrder(ctx, OP, everyGroup()),
});
