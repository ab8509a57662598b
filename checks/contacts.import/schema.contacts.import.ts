import { defineCheck } from '../../harness/check';
import { firstImport } from './first-import';
import { A_SUCCESS, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'schema.contacts.import',
  title: 'the import answer and every row result match the ImportResponse and ImportRowResult schemas',
  // One import of a batch of fresh contacts (the answer the row-order check shares).
  async drive({ observe }) {
    await observe(firstImport);
  },
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS] }),
});
