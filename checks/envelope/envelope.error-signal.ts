// @silent-point errors.messages-form
import { defineCheck } from '../../harness/check';
import { driveEnvelopes } from './probes';
import { A_REFUSAL, A_SUCCESS, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'envelope.error-signal',
  title: 'successes carry the success signal, refusals an error code and messages',
  drive: (ctx) => driveEnvelopes(ctx),
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS, A_REFUSAL] }),
});
