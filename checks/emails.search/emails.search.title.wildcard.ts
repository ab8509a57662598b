import { defineCheck } from '../../harness/core';
import { OP } from './documented-values';
import { wildcardRule } from './traffic-filters';
import { judgeWildcardFilter } from './wildcard-filter';
import { judgeFilter } from '../shared/traffic';
import { emailsExploration } from './exploration';
import { wildcardJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.title.wildcard',
  title: 'title with * returns exactly the emails whose title matches',
  run: withExplored((ctx) => judgeWildcardFilter(ctx, 'title'), emailsExploration, () => wildcardJudge('title')),
  judge: (ctx) => judgeFilter(ctx, OP, wildcardRule('title')),
});
