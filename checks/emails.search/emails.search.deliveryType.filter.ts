import { defineCheck } from '../../harness/core';
import { foldCase } from '../../harness/oracles';
import { wideWindowParams } from './date-windows';
import { DELIVERY, DELIVERY_TYPES, DETAIL, OP } from './documented-values';
import { deliveryTypeRule } from './traffic-filters';
import type { Params } from './email-records';
import { offenders } from './record-evidence';
import { searchWhole } from './whole-search';
import { judgeFilter } from '../shared/traffic';
import { emailsExploration } from './exploration';
import { deliveryTypeJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.deliveryType.filter',
  title: 'every record has the deliveryType passed',
  run: withExplored(async ({ api, judge, target }) => {
    const windowed = wideWindowParams(target);
    const empty: string[] = [];
    const searches: Array<{ deliveryType: string; params: Params }> = DELIVERY_TYPES.map((deliveryType) => ({ deliveryType, params: { deliveryType, ...windowed } }));
    searches.push({ deliveryType: DELIVERY.automated, params: { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed } });
    for (const { deliveryType, params } of searches) {
      const result = await searchWhole(api, params);
      const label = JSON.stringify(params.automatedResults ? { deliveryType, automatedResults: params.automatedResults } : { deliveryType });
      if (result.records.length === 0) {
        if (!result.complete) return judge.inconclusive(`the search ${label} answered no records: ${result.stoppedBecause}`);
        empty.push(label);
        continue;
      }
      const misfits = result.records.filter((record) => foldCase(record.deliveryType) !== foldCase(deliveryType));
      judge.check(misfits.length === 0, {
        title: `every record of ${label} has deliveryType ${deliveryType}`,
        expected: deliveryType,
        ...offenders(result, misfits, 'deliveryType'),
      });
    }
    if (empty.length > 0) judge.inconclusive(`no emails in the window for ${empty.join(', ')}, so those values could not be judged`);
  }, emailsExploration, () => deliveryTypeJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, deliveryTypeRule()),
});
