import { defineCheck } from '../../harness/check';
import { wildcardRule } from './filter-rules';
import { driveWildcardFilter } from './wildcard-filter';
import { wildcardJudge } from './explored-judges';
import { judgeEmailsFilter } from './filter-judge';

export default defineCheck({
  rule: 'emails.search.title.wildcard',
  title: 'title with * returns exactly the emails whose title matches',
  drive: (ctx) => driveWildcardFilter(ctx, 'title'),
  judge: (ctx) => judgeEmailsFilter(ctx, wildcardRule('title'), wildcardJudge('title')),
});
