import { defineCheck } from '../../harness/core';
import { OP } from './documented-values';
import { wildcardRule } from './traffic-filters';
import { judgeWildcardFilter } from './wildcard-filter';
import { judgeFilter } from '../shared/traffic';

export default defineCheck({
  rule: 'emails.search.title.wildcard',
  title: 'title with * returns exactly the emails whose title matches',
  run: (ctx) => judgeWildcardFilter(ctx, 'title'),
  traffic: (ctx) => judgeFilter(ctx, OP, wildcardRule('title')),
});
