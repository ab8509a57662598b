import { defineCheck } from '../../harness/check';
import { everyOperationOf, judgeTokenPlacement } from '../shared/judges';
import { tokenProbes } from './token-probes';

export default defineCheck({
  rule: 'auth.token.invalid',
  title: 'every operation refuses a request with a token nobody issued',
  // Every operation with a token the harness made up (role `unissued`), the writes and job steps when writes are allowed.
  drive: async ({ observe }) => void (await observe(tokenProbes)),
  /*
   * A token is not valid when the recorder knew nobody issued it (live: the harness made it up), or when the
   * answers show it (helper/ping refused it, and an operation refused it a request served to another token).
   * A recording without the harness's knowledge of a target that accepts any token shows neither: inconclusive.
   */
  judge: (ctx) => judgeTokenPlacement(ctx, 'not-valid', everyOperationOf('auth.token.invalid')),
});
