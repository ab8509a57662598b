import { defineCheck } from '../../harness/core';
import { wideWindowParams } from './date-windows';
import { defaultSortCases, outOfOrder, recordOrder } from './default-sorts';
import { describeSearch, searchInOrder } from './whole-search';
import { OP } from './documented-values';
import { defaultOrderCases, defaultOrderOf } from './traffic-default-sort';
import { judgeOrders } from '../shared/traffic';

export default defineCheck({
  rule: 'emails.search.sort.default',
  title: 'without sortField, Sent emails by dateSent descending, Draft and Scheduled by dateAdded descending',
  async run({ api, judge, target }) {
    const cases = defaultSortCases(wideWindowParams(target));
    const unjudged: string[] = [];
    let judged = 0;
    for (const { params, field, direction } of cases) {
      const result = await searchInOrder(api, params, 4);
      const label = describeSearch(params);
      const last = result.pages.at(-1);
      if (result.records.length === 0) {
        unjudged.push(`${label}: no records${result.complete ? '' : ` (${result.stoppedBecause})`}`);
        continue;
      }
      const order = recordOrder(result.records, field, direction, target);
      if (order.comparablePairs === 0) {
        unjudged.push(`${label}: fewer than two distinct ${field} values`);
        continue;
      }
      judged += 1;
      judge.check(order.ok, {
        title: `${label} without sortField is ordered by ${field} ${direction}`,
        expected: `${field} ${direction}`,
        actual: outOfOrder(order) ?? 'ordered',
        ...(last ? { response: last } : {}),
      });
    }
    if (judged === 0 || unjudged.length > 0) judge.inconclusive(`some default orders could not be judged: ${unjudged.join('; ') || 'no data'}`);
  },
  judge: (ctx) => judgeOrders(ctx, OP, { expectedOrder: defaultOrderOf, cases: defaultOrderCases(), none: 'no GET answer to a request without sortField and sortDirection' }),
});
