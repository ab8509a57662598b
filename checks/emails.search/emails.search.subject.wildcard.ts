import { defineCheck } from '../../harness/check';
import { wildcardRule } from './filter-rules';
import { driveWildcardFilter } from './wildcard-filter';
import { wildcardJudge } from './explored-judges';
import { judgeEmailsFilter } from './filter-judge';

export default defineCheck({
  rule: 'emails.search.subject.wildcard',
  title: 'subject with * returns exactly the emails whose subject matches',
  drive: (ctx) => driveWildcardFilter(ctx, 'subject'),
  judge: (ctx) => judgeEmailsFilter(ctx, wildcardRule('subject'), wildcardJudge('subject')),
});
