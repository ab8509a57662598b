import { defineCheck } from '../../harness/check';
import { wildcardRule } from './filter-rules';
import { driveWildcardFilter } from './wildcard-filter';
import { judgeFilter } from '../shared/judges';
import { OP } from './documented-values';

export default defineCheck({
  rule: 'emails.search.title.wildcard',
  title: 'title with * returns exactly the emails whose title matches',
  drive: (ctx) => driveWildcardFilter(ctx, 'title'),
  judge: (ctx) => judgeFilter(ctx, OP, wildcardRule('title')),
});
