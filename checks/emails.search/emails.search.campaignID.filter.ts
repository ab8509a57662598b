import { defineCheck } from '../../harness/check';
import { campaignIDsOf } from '../../harness/model';
import { driveExactFilter } from './exact-filter';
import { campaignIDRule } from './filter-rules';
import { judgeFilter } from '../shared/judges';
import { OP } from './documented-values';

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
  judge: (ctx) => judgeFilter(ctx, OP, campaignIDRule()),
});
