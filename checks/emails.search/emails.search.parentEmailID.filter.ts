import { defineCheck } from '../../harness/core';
import { referencedID } from '../../harness/oracles';
import { distinctReferences } from './email-records';
import { OP } from './documented-values';
import { judgeExactFilter } from './exact-filter';
import { parentEmailIDRule } from './traffic-filters';
import { offenders } from './record-evidence';
import { judgeFilter } from '../shared/traffic';
import { emailsExploration } from './exploration';
import { parentEmailIDJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.parentEmailID.filter',
  title: 'parentEmailID returns exactly the individual sends of that email',
  run: withExplored((ctx) =>
    judgeExactFilter<number>(ctx, {
      sampleKey: 'parent',
      param: 'parentEmailID',
      // Parents seen on automated sends (detail) and on A/B split sends (manual).
      bases: (catalogue) => [catalogue.automatedDetail, catalogue.manualSent],
      valuesOf: (records) => distinctReferences(records, 'parentEmailID'),
      matches: (record, parent) => referencedID(record.parentEmailID) === parent,
      none: 'no record with a parentEmailID in the window (no automated send, no A/B split)',
      title: (parent, base) => `parentEmailID=${parent} returns exactly the sends of ${base.label} with that parent`,
      runs: (pairs) => Math.min(12, pairs * 2),
      also(result, parent, base, sample) {
        const misfits = result.records.filter((record) => referencedID(record.parentEmailID) !== parent);
        sample.expect(misfits.length === 0, {
          title: `every record returned for parentEmailID=${parent} (${base.label}) has that parentEmailID`,
          expected: parent,
          ...offenders(result, misfits, 'parentEmailID'),
        });
      },
    }), emailsExploration, () => parentEmailIDJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, parentEmailIDRule()),
});
