import { defineCheck } from '../../harness/check';
import { driveMethods } from '../../drivers';
import { judgeMethods } from '../shared/judges';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';

export default defineCheck({
  rule: 'emails.search.methods',
  title: 'GET and POST return the same records in the same order',
  drive: (ctx) => driveMethods(ctx, OP, manualSentWide(ctx.target), { numRuns: 15 }),
  judge: (ctx) => judgeMethods(ctx, OP),
});
