import { defineCheck } from '../../harness/check';
import { driveEnvelopes } from './probes';
import { A_RECORD, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'envelope.datetime-format',
  title: 'datetimes in successes are in the profile format',
  // The datetimes are in records (searches) and job statuses: a success holding a record is the least it needs.
  drive: (ctx) => driveEnvelopes(ctx, { successesOnly: true }),
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_RECORD] }),
});
