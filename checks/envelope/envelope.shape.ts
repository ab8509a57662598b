import { defineCheck } from '../../harness/check';
import { driveEnvelopes } from './probes';
import { A_REFUSAL, A_SUCCESS, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'envelope.shape',
  title: 'successes and refusals are wrapped in the envelope',
  drive: (ctx) => driveEnvelopes(ctx),
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS, A_REFUSAL] }),
});
