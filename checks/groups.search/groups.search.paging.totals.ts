import { defineCheck } from '../../harness/check';
import { drivePagingTotals } from '../../drivers';
import { discoverGroups } from './discovery';
import { OP } from './group-filters';
import { groupPagingCombinations } from './paging-combinations';
import { judgePagingTotals } from '../shared/judges';

export default defineCheck({
  rule: 'groups.search.paging.totals',
  title: 'for each filter combination, the pages reach totalRecords groups once each, and totalPages/next/prev agree',
  async drive(ctx) {
    // Filter values come from the groups found (as many as could be read: the judge needs no more).
    const { groups } = await discoverGroups(ctx);
    await drivePagingTotals(ctx, OP, groupPagingCombinations(groups));
  },
  judge: (ctx) => judgePagingTotals(ctx, OP),
});
