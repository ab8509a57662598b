import { defineCheck } from '../../harness/check';
import { driveSortOrder } from '../../drivers';
import { judgeSortOrder } from '../shared/judges';
import { everyGroup, OP } from './group-filters';
import { groupsExploration } from './exploration';

export default defineCheck({
  rule: 'groups.search.sort.order',
  title: 'every sortField in both directions orders groups by the field type',
  async drive(ctx) {
    await ctx.observe(groupsExploration);
    await driveSortOrder(ctx, OP, everyGroup());
  },
  judge: (ctx) => judgeSortOrder(ctx, OP),
});
