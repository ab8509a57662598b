import { defineCheck } from '../../harness/core';
import { judgeFilter } from '../shared/traffic';
import { foldCase } from '../../harness/oracles';
import { wideWindowParams } from './date-windows';
import { DELIVERY, OP, STATUSES } from './documented-values';
import { idsOf } from './email-records';
import { compareExactly, offenders } from './record-evidence';
import { statusLists } from './status-lists';
import { statusFilterRule } from './traffic-filters';
import { searchWhole } from './whole-search';
import { emailsExploration } from './exploration';
import { statusFilterJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.status.filter',
  title: 'a manual search with status returns exactly the emails of those statuses',
  run: withExplored(async ({ api, judge, target }) => {
    const windowed = wideWindowParams(target);
    const search = (status: string[]) => searchWhole(api, { deliveryType: DELIVERY.manual, status, ...windowed });
    // Each status alone: every record has it. Each list of several: exactly the union of its members alone.
    const alone = new Map<string, number[]>();
    for (const status of STATUSES) {
      const result = await search([status]);
      if (!result.complete) return judge.inconclusive(`status=${status} could not be read whole: ${result.stoppedBecause}`);
      const misfits = result.records.filter((record) => foldCase(record.status) !== foldCase(status));
      judge.check(misfits.length === 0, {
        title: `every record of a manual search with status=${status} has status ${status}`,
        expected: status,
        ...offenders(result, misfits, 'status'),
      });
      alone.set(status, idsOf(result.records));
    }
    const nonEmpty = STATUSES.filter((status) => (alone.get(status) ?? []).length > 0);
    if (nonEmpty.length < 2) {
      return judge.inconclusive(`only ${nonEmpty.length} status(es) have manual emails in the window, too few to judge a list of several`);
    }
    const lists = statusLists().filter((list) => list.length >= 2);
    for (const list of lists) {
      const result = await search(list);
      if (!result.complete) return judge.inconclusive(`status=${list.join(',')} could not be read whole: ${result.stoppedBecause}`);
      const expected = list.flatMap((status) => alone.get(status) ?? []);
      const same = compareExactly(expected, result);
      judge.check(same.ok, { title: `status=${list.join(',')} returns exactly the emails of each of those statuses`, ...same });
    }
  }, emailsExploration, () => statusFilterJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, statusFilterRule()),
});
