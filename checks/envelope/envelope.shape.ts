import { defineCheck } from '../../harness/core';
import { judgeEnvelopes } from './probes';

export default defineCheck({
  rule: 'envelope.shape',
  title: 'successes and refusals are wrapped in the envelope',
  run: (ctx) => judgeEnvelopes(ctx),
});
