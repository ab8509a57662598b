import { defineCheck } from '../../harness/core';
import { checkMethods } from '../shared/search';
import { OP } from './documented-values';
import { manualSentWide } from './manual-sent';

export default defineCheck({
  rule: 'emails.search.methods',
  title: 'GET and POST return the same records in the same order',
  run: (ctx) => checkMethods(ctx, OP, manualSentWide(ctx.target), { numRuns: 15 }),
});
