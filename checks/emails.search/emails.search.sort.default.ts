import { defineCheck } from '../../harness/check';
import { wideWindowParams } from './date-windows';
import { defaultSortCases } from './default-sorts';
import { searchInOrder } from './whole-search';
import { OP } from './documented-values';
import { defaultOrderOf } from './default-order';
import { emailsDefaultCases } from '../../harness/model';
import { judgeOrders } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.sort.default',
  title: 'without sortField, Sent emails by dateSent descending, Draft and Scheduled by dateAdded descending',
  async drive({ api, target }) {
    // Each search a default sort decides, paged (up to 4 pages): the judge reads each page's order.
    for (const { params } of defaultSortCases(wideWindowParams(target))) await searchInOrder(api, params, 4);
  },
  judge: (ctx) => judgeOrders(ctx, OP, { expectedOrder: defaultOrderOf, cases: emailsDefaultCases(), none: 'no GET answer to a request without sortField and sortDirection' }),
});
