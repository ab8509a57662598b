import { defineCheck } from '../../harness/check';
import { exportWithRecords } from './export-with-records';
import { A_SUCCESS, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'schema.exports.jobStatus',
  title: 'the job status answers of a job over a range with sends match the ExportJob schema',
  // A job over a range with sends, polled to its end (the flow the job and file rules share).
  async drive({ observe }) {
    await observe(exportWithRecords);
  },
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS] }),
});
