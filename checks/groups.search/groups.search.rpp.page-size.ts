import { defineCheck } from '../../harness/check';
import { driveRppPageSize } from '../../drivers';
import { judgePageSizes } from '../shared/judges';
import { everyGroup, OP } from './group-filters';
import { groupsExploration } from './exploration';

export default defineCheck({
  rule: 'groups.search.rpp.page-size',
  title: 'a page holds rpp groups while more remain, never more',
  async drive(ctx) {
    await ctx.observe(groupsExploration);
    await driveRppPageSize(ctx, OP, everyGroup(), { numRuns: 15 });
  },
  judge: (ctx) => judgePageSizes(ctx, OP),
});
