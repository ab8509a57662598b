import { defineCheck } from '../../harness/check';
import { everyOperationOf, judgeTokenPlacement } from '../shared/judges';
import { tokenProbes } from './token-probes';

export default defineCheck({
  rule: 'auth.token.missing',
  title: 'every operation refuses a request without a token',
  // Every operation without a token (the writes and the job steps when writes are allowed).
  drive: async ({ observe }) => void (await observe(tokenProbes)),
  judge: (ctx) => judgeTokenPlacement(ctx, 'none', everyOperationOf('auth.token.missing')),
});
