import { defineCheck } from '../../harness/check';
import { drivePageDefault } from '../../drivers';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';
import { judgePageDefault } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.page.default',
  title: 'without page the first page is returned',
  drive: (ctx) => drivePageDefault(ctx, OP, manualSentWide(ctx.target)),
  judge: (ctx) => judgePageDefault(ctx, OP),
});
