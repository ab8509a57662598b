import { defineCheck } from '../../harness/core';
import { checkRppPageSize } from '../shared/search';
import { judgePageSizes } from '../shared/traffic';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.rpp.page-size',
  title: 'a page holds rpp groups while more remain, never more',
  run: (ctx) => checkRppPageSize(ctx, OP, everyGroup(), { numRuns: 15 }),
  traffic: (ctx) => judgePageSizes(ctx, OP),
});
