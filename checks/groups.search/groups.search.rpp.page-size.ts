import { defineCheck } from '../../harness/core';
import { checkRppPageSize, pageSizeJudge, withExplored } from '../shared/search';
import { judgePageSizes } from '../shared/traffic';
import { everyGroup, OP } from './group-filters';
import { groupsExploration } from './exploration';

export default defineCheck({
  rule: 'groups.search.rpp.page-size',
  title: 'a page holds rpp groups while more remain, never more',
  run: withExplored((ctx) => checkRppPageSize(ctx, OP, everyGroup(), { numRuns: 15 }), groupsExploration, () => pageSizeJudge(OP)),
  judge: (ctx) => judgePageSizes(ctx, OP),
});
