import { defineCheck } from '../../harness/core';
import { referencedID } from '../../harness/oracles';
import { wideWindowParams } from './date-windows';
import { searchBothWhole } from './default-searches';
import { DELIVERY, DETAIL, SUMMARY } from './documented-values';
import { idsOf } from './email-records';
import { offenders } from './record-evidence';

export default defineCheck({
  rule: 'emails.search.automatedResults.detail',
  title: 'summary gives records without parentEmailID, detail the sends each with one',
  async run(ctx) {
    const { judge } = ctx;
    const windowed = wideWindowParams(ctx.target);
    const both = await searchBothWhole(
      ctx,
      { deliveryType: DELIVERY.automated, automatedResults: SUMMARY, ...windowed },
      { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed },
    );
    if (!both) return;
    const [summary, detail] = both;
    if (summary.records.length === 0 || detail.records.length === 0) {
      return judge.inconclusive(`the window holds ${summary.records.length} summary and ${detail.records.length} detail records; both are needed`);
    }
    const withParent = summary.records.filter((record) => referencedID(record.parentEmailID) !== undefined);
    judge.check(withParent.length === 0, {
      title: `automatedResults=${SUMMARY} returns aggregated records, none with a parentEmailID`,
      expected: 'no parentEmailID',
      ...offenders(summary, withParent, 'parentEmailID'),
    });
    const orphans = detail.records.filter((record) => referencedID(record.parentEmailID) === undefined);
    judge.check(orphans.length === 0, {
      title: `automatedResults=${DETAIL} returns individual sends, each with a parentEmailID`,
      expected: 'a parentEmailID on every record',
      ...offenders(detail, orphans, 'parentEmailID'),
    });
    const summaryIDs = idsOf(summary.records);
    judge.check(new Set(summaryIDs).size === summaryIDs.length, {
      title: `automatedResults=${SUMMARY} returns one record per automated email`,
      expected: 'distinct emailIDs',
      actual: { records: summaryIDs.length, distinct: new Set(summaryIDs).size },
      response: summary.pages.at(-1),
    });
  },
});
