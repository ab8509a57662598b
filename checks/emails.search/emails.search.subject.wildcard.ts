import { defineCheck } from '../../harness/check';
import { wildcardRule } from './filter-rules';
import { driveWildcardFilter } from './wildcard-filter';
import { judgeFilter } from '../shared/judges';
import { OP } from './documented-values';

export default defineCheck({
  rule: 'emails.search.subject.wildcard',
  title: 'subject with * returns exactly the emails whose subject matches',
  drive: (ctx) => driveWildcardFilter(ctx, 'subject'),
  judge: (ctx) => judgeFilter(ctx, OP, wildcardRule('subject')),
});
