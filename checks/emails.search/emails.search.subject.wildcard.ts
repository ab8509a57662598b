import { defineCheck } from '../../harness/core';
import { OP } from './documented-values';
import { wildcardRule } from './traffic-filters';
import { judgeWildcardFilter } from './wildcard-filter';
import { judgeFilter } from '../shared/traffic';
import { emailsExploration } from './exploration';
import { wildcardJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.subject.wildcard',
  title: 'subject with * returns exactly the emails whose subject matches',
  run: withExplored((ctx) => judgeWildcardFilter(ctx, 'subject'), emailsExploration, () => wildcardJudge('subject')),
  judge: (ctx) => judgeFilter(ctx, OP, wildcardRule('subject')),
});
