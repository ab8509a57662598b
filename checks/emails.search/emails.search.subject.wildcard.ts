import { defineCheck } from '../../harness/core';
import { OP } from './documented-values';
import { wildcardRule } from './traffic-filters';
import { judgeWildcardFilter } from './wildcard-filter';
import { judgeFilter } from '../shared/traffic';

export default defineCheck({
  rule: 'emails.search.subject.wildcard',
  title: 'subject with * returns exactly the emails whose subject matches',
  run: (ctx) => judgeWildcardFilter(ctx, 'subject'),
  traffic: (ctx) => judgeFilter(ctx, OP, wildcardRule('subject')),
});
