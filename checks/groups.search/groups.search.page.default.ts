import { defineCheck } from '../../harness/core';
import { checkPageDefault } from '../shared/search';
import { judgePageDefault } from '../shared/traffic';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.page.default',
  title: 'without page the first page is returned',
  run: (ctx) => checkPageDefault(ctx, OP, everyGroup()),
  judge: (ctx) => judgePageDefault(ctx, OP),
});
