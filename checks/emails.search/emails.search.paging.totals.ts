import { defineCheck } from '../../harness/check';
import { drivePagingTotals } from '../../drivers';
import { OP } from './documented-values';
import { emailCatalogue } from './email-catalogue';
import { emailPagingCombinations } from './paging-combinations';
import { judgePagingTotals } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.paging.totals',
  title: 'for each filter combination, the pages reach totalRecords emails once each, and totalPages/next/prev agree',
  drive: async (ctx) => drivePagingTotals(ctx, OP, emailPagingCombinations(await ctx.observe(emailCatalogue), ctx.target)),
  judge: (ctx) => judgePagingTotals(ctx, OP),
});
