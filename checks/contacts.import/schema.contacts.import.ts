import { defineCheck } from '../../harness/core';
import { firstImport } from './first-import';
import { A_SUCCESS, judgeAnswerRule } from '../shared/traffic';

export default defineCheck({
  rule: 'schema.contacts.import',
  title: 'the import answer and every row result match the ImportResponse and ImportRowResult schemas',
  async run({ judge, observe }) {
    // The client validated the answer against ImportResponse / ImportRowResult and recorded this rule's verdict.
    const { reading } = await observe(firstImport);
    const validated = reading.accepted || reading.response.validation.issues.some((issue) => issue.rule === judge.rule);
    if (!validated) judge.inconclusive('no import call succeeded, so no answer could be validated');
  },
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS] }),
});
