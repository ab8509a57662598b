import { defineCheck } from '../../harness/check';
import { campaignIDsOf } from './email-records';
import { driveExactFilter } from './exact-filter';
import { campaignIDRule } from './filter-rules';
import { campaignIDJudge } from './explored-judges';
import { judgeEmailsFilter } from './filter-judge';

export default defineCheck({
  rule: 'emails.search.campaignID.filter',
  title: 'campaignID returns exactly the emails whose campaignIDs hold it',
  drive: (ctx) =>
    driveExactFilter<number>(ctx, {
      param: 'campaignID',
      bases: (catalogue) => [catalogue.manualAll, catalogue.automatedSummary, catalogue.transactional],
      valuesOf: (records) => [...new Set(records.flatMap(campaignIDsOf))],
      runs: () => 15,
    }),
  judge: (ctx) => judgeEmailsFilter(ctx, campaignIDRule(), campaignIDJudge()),
});
