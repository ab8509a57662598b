import { defineCheck } from '../../harness/core';
import { newJobs } from './new-jobs';
import { A_SUCCESS, judgeAnswerRule } from '../shared/traffic';

export default defineCheck({
  rule: 'schema.exports.emails',
  title: 'the export request answer matches the ExportRequestData schema',
  async run({ judge, observe }) {
    // The client validated every answer and recorded this rule's verdict; without a success there was no payload.
    const jobs = await observe(newJobs);
    if (!jobs.some(({ start }) => start.accepted)) judge.inconclusive('no export request succeeded, so there was no payload to judge');
  },
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS] }),
});
