import { defineCheck } from '../../harness/check';
import { distinctReferences } from './email-records';
import { driveExactFilter } from './exact-filter';
import { parentEmailIDRule } from './traffic-filters';
import { parentEmailIDJudge } from './explored-judges';
import { judgeEmailsFilter } from './filter-judge';

export default defineCheck({
  rule: 'emails.search.parentEmailID.filter',
  title: 'parentEmailID returns exactly the individual sends of that email',
  drive: (ctx) =>
    driveExactFilter<number>(ctx, {
      param: 'parentEmailID',
      // Parents seen on automated sends (detail) and on A/B split sends (manual).
      bases: (catalogue) => [catalogue.automatedDetail, catalogue.manualSent],
      valuesOf: (records) => distinctReferences(records, 'parentEmailID'),
      runs: (pairs) => Math.min(12, pairs * 2),
    }),
  judge: (ctx) => judgeEmailsFilter(ctx, parentEmailIDRule(), parentEmailIDJudge()),
});
