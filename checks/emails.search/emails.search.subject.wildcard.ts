import { defineCheck } from '../../harness/core';
import { judgeWildcardFilter } from './wildcard-filter';

export default defineCheck({
  rule: 'emails.search.subject.wildcard',
  title: 'subject with * returns exactly the emails whose subject matches',
  run: (ctx) => judgeWildcardFilter(ctx, 'subject'),
});
