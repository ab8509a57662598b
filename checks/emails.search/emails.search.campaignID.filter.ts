import { defineCheck } from '../../harness/core';
import { campaignIDsOf } from './email-records';
import { OP } from './documented-values';
import { judgeExactFilter } from './exact-filter';
import { campaignIDRule } from './traffic-filters';
import { judgeFilter } from '../shared/traffic';
import { emailsExploration } from './exploration';
import { campaignIDJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.campaignID.filter',
  title: 'campaignID returns exactly the emails whose campaignIDs hold it',
  run: withExplored((ctx) =>
    judgeExactFilter<number>(ctx, {
      sampleKey: 'campaignID',
      param: 'campaignID',
      bases: (catalogue) => [catalogue.manualAll, catalogue.automatedSummary, catalogue.transactional],
      valuesOf: (records) => [...new Set(records.flatMap(campaignIDsOf))],
      matches: (record, campaignID) => campaignIDsOf(record).includes(campaignID),
      none: 'no email in the window is assigned to a campaign',
      title: (campaignID, base) => `campaignID=${campaignID} with ${base.label} returns exactly the emails whose campaignIDs hold it`,
      runs: () => 15,
    }), emailsExploration, () => campaignIDJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, campaignIDRule()),
});
