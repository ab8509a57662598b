import { defineCheck } from '../../harness/core';
import { everyOperationOf, judgeTokenPlacement } from '../shared/traffic';
import { judgeTokenRefusals } from './token-probes';

export default defineCheck({
  rule: 'auth.token.invalid',
  title: 'every operation refuses a request with a token nobody issued',
  /*
   * Live, `run` decides: only the harness knows that the token it sent was issued by nobody. Recorded
   * traffic shows a token not valid only by a refusal (helper/ping refused it), so a target that accepts
   * any token leaves nothing that tells the made-up token from an issued one: offline, that is inconclusive.
   */
  run: (ctx) => judgeTokenRefusals(ctx, 'withInvalid', 'whose token (a well-formed GUID) nobody issued'),
  judge: (ctx) => judgeTokenPlacement(ctx, 'not-valid', everyOperationOf('auth.token.invalid')),
});
