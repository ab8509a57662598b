import { defineCheck } from '../../harness/check';
import { driveSortOrder } from '../../drivers';
import { judgeSortOrder } from '../shared/judges';
import { discoverGroups } from './discovery';
import { everyGroup, OP } from './group-filters';
import { groupsExploration } from './exploration';
import { narrowingIds } from './filter-driver';

export default defineCheck({
  rule: 'groups.search.sort.order',
  title: 'every sortField in both directions orders groups by the field type',
  async drive(ctx) {
    await ctx.observe(groupsExploration);
    // Across pages: every group of a small account; a large one's narrowed to a list of its groups.
    const narrowing = narrowingIds(await discoverGroups(ctx));
    await driveSortOrder(ctx, OP, everyGroup(), narrowing ? { ...everyGroup(), groupIDs: narrowing } : everyGroup());
  },
  judge: (ctx) => judgeSortOrder(ctx, OP),
});
