import { defineCheck } from '../../harness/core';
import { judgeTokenRefusals } from './token-probes';

export default defineCheck({
  rule: 'auth.token.missing',
  title: 'every operation refuses a request without a token',
  run: (ctx) => judgeTokenRefusals(ctx, 'withoutToken', 'that carries no token'),
});
