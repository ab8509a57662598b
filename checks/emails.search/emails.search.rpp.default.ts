import { defineCheck } from '../../harness/check';
import { driveRppDefault } from '../../drivers';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';
import { judgeRppDefault } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.rpp.default',
  title: 'without rpp a page holds the default number of records',
  drive: (ctx) => driveRppDefault(ctx, OP, manualSentWide(ctx.target)),
  judge: (ctx) => judgeRppDefault(ctx, OP),
});
