import { defineCheck } from '../../harness/check';
import { judgeTokenPlacement } from '../shared/judges';
import { tokenMatrix } from './token-matrix';

export default defineCheck({
  rule: 'auth.token.body-rejected',
  title: 'a valid token in the POST body, not in the header, is refused',
  // Every token the target was given, on every POST operation the matrix visits (contacts/import too).
  drive: async ({ observe }) => void (await observe(tokenMatrix)),
  judge: (ctx) => judgeTokenPlacement(ctx, 'body', [{ op: 'groups.search', method: 'POST' }, { op: 'emails.search', method: 'POST' }]),
});
