import { defineCheck } from '../../harness/core';
import { checkSortOrder } from '../shared/search';
import { judgeSortOrder } from '../shared/traffic';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.sort.order',
  title: 'every sortField in both directions orders groups by the field type',
  run: (ctx) => checkSortOrder(ctx, OP, everyGroup()),
  traffic: (ctx) => judgeSortOrder(ctx, OP),
});
