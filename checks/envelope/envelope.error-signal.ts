import { defineCheck } from '../../harness/core';
import { judgeEnvelopes } from './probes';

export default defineCheck({
  rule: 'envelope.error-signal',
  title: 'successes carry the success signal, refusals an error code and messages',
  run: (ctx) => judgeEnvelopes(ctx),
});
