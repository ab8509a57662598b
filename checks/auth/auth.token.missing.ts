import { defineCheck } from '../../harness/core';
import { judgeTokenRefusals } from './token-probes';
import { judgeTokenPlacement } from '../shared/traffic';

export default defineCheck({
  rule: 'auth.token.missing',
  title: 'every operation refuses a request without a token',
  run: (ctx) => judgeTokenRefusals(ctx, 'withoutToken', 'that carries no token'),
  // As its live check probes them: the ping and both searches (every other operation is judged when the traffic holds it).
  judge: (ctx) => judgeTokenPlacement(ctx, 'none', [{ op: 'helper.ping' }, { op: 'groups.search' }, { op: 'emails.search' }]),
});
