import { defineCheck } from '../../harness/core';
import { judgeWildcardFilter } from './wildcard-filter';

export default defineCheck({
  rule: 'emails.search.title.wildcard',
  title: 'title with * returns exactly the emails whose title matches',
  run: (ctx) => judgeWildcardFilter(ctx, 'title'),
});
