import { defineCheck } from '../../harness/core';
import { checkRppPageSize, withExplored } from '../shared/search';
import { judgePageSizes } from '../shared/traffic';
import { everyGroup, OP } from './group-filters';
import { groupsExploration } from './exploration';
import { pageSizeJudge } from './explored-judges';

export default defineCheck({
  rule: 'groups.search.rpp.page-size',
  title: 'a page holds rpp groups while more remain, never more',
  run: withExplored((ctx) => checkRppPageSize(ctx, OP, everyGroup(), { numRuns: 15 }), groupsExploration, () => pageSizeJudge()),
  traffic: (ctx) => judgePageSizes(ctx, OP),
});
