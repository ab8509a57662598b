import { defineCheck } from '../../harness/check';
import { judgeTokenPlacement } from '../shared/judges';
import { tokenMatrix } from './token-matrix';

export default defineCheck({
  rule: 'auth.token.query-rejected',
  title: 'a valid token in the query string (accessToken), not in the header, is refused',
  // Every token the target was given, on every GET operation the matrix visits (the job steps too).
  drive: async ({ observe }) => void (await observe(tokenMatrix)),
  judge: (ctx) => judgeTokenPlacement(ctx, 'query', [{ op: 'helper.ping' }, { op: 'groups.search', method: 'GET' }, { op: 'emails.search', method: 'GET' }]),
});
