import { defineCheck } from '../../harness/core';
import { judgeEnvelopes } from './probes';
import { A_REFUSAL, A_SUCCESS, judgeAnswerRule } from '../shared/traffic';

export default defineCheck({
  rule: 'envelope.http-status',
  title: 'successes and refusals carry the HTTP statuses the profile declares',
  // A transport failure carrying an HTTP status (a status the profile does not declare, a 5xx) fails this rule.
  run: (ctx) => judgeEnvelopes(ctx, { statusFails: true }),
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS, A_REFUSAL], statusFails: true }),
});
