import { defineCheck } from '../../harness/core';
import { referencedID } from '../../harness/oracles';
import { distinctReferences } from './email-records';
import { OP } from './documented-values';
import { judgeExactFilter } from './exact-filter';
import { userIDRule } from './traffic-filters';
import { judgeFilter } from '../shared/traffic';
import { emailsExploration } from './exploration';
import { userIDJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.userID.filter',
  title: 'userID returns exactly the emails of that user',
  run: withExplored((ctx) =>
    judgeExactFilter<number>(ctx, {
      sampleKey: 'userID',
      param: 'userID',
      bases: (catalogue) => [catalogue.manualAll, catalogue.automatedSummary, catalogue.transactional],
      valuesOf: (records) => distinctReferences(records, 'userID'),
      matches: (record, userID) => referencedID(record.userID) === userID,
      none: 'no email in the window has a userID',
      title: (userID, base) => `userID=${userID} with ${base.label} returns exactly that user's emails`,
      runs: () => 12,
    }), emailsExploration, () => userIDJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, userIDRule()),
});
