import { defineCheck } from '../../harness/core';
import { judgeTokenRefusals } from './token-probes';

export default defineCheck({
  rule: 'auth.token.invalid',
  title: 'every operation refuses a request with a token nobody issued',
  run: (ctx) => judgeTokenRefusals(ctx, 'withInvalid', 'whose token (a well-formed GUID) nobody issued'),
});
