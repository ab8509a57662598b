import { defineCheck } from '../../harness/check';
import { driveEnvelopes } from './probes';
import { A_REFUSAL, A_SUCCESS, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'envelope.http-status',
  title: 'successes and refusals carry the HTTP statuses the profile declares',
  // An answer carrying an HTTP status the profile does not declare (read as a transport failure: a 5xx) fails this rule.
  drive: (ctx) => driveEnvelopes(ctx),
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS, A_REFUSAL], statusFails: true }),
});
