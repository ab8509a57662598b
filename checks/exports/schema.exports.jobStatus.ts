import { defineCheck } from '../../harness/core';
import { exportWithRecords } from './export-with-records';
import { A_SUCCESS, judgeAnswerRule } from '../shared/traffic';

export default defineCheck({
  rule: 'schema.exports.jobStatus',
  title: 'the job status answers of a job over a range with sends match the ExportJob schema',
  async run({ judge, observe }) {
    // The client validated every jobStatus answer and recorded this rule's verdict; without a success there was no payload.
    const { exportRun, missing } = await observe(exportWithRecords);
    if (!exportRun) judge.inconclusive(missing ?? 'no job was started');
    else if (!exportRun.run?.timeline.some((poll) => poll.outcome === 'success')) judge.inconclusive('no jobStatus answer succeeded, so there was no payload to judge');
  },
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS] }),
});
