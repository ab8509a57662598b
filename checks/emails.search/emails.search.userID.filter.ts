import { defineCheck } from '../../harness/check';
import { distinctReferences } from './email-records';
import { driveExactFilter } from './exact-filter';
import { userIDRule } from './filter-rules';
import { judgeFilter } from '../shared/judges';
import { OP } from './documented-values';

export default defineCheck({
  rule: 'emails.search.userID.filter',
  title: 'userID returns exactly the emails of that user',
  drive: (ctx) =>
    driveExactFilter<number>(ctx, {
      param: 'userID',
      bases: (catalogue) => [catalogue.manualAll, catalogue.automatedSummary, catalogue.transactional],
      valuesOf: (records) => distinctReferences(records, 'userID'),
      runs: () => 12,
    }),
  judge: (ctx) => judgeFilter(ctx, OP, userIDRule()),
});
