import { defineCheck } from '../../harness/check';
import { newJobs } from './new-jobs';
import { A_SUCCESS, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'schema.exports.emails',
  title: 'the export request answer matches the ExportRequestData schema',
  // New jobs over fresh ranges (the answers request.jobID and pending-first share).
  async drive({ observe }) {
    await observe(newJobs);
  },
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS] }),
});
