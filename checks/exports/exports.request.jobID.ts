import { defineCheck } from '../../harness/core';
import { rangeText } from '../../generators';
import { rawJobId } from './job-answers';
import { refusalEvidence } from './job-runs';
import { newJobs } from './new-jobs';
import { judgeRequestJobID } from '../shared/traffic';

export default defineCheck({
  rule: 'exports.request.jobID',
  title: 'an export request answers an integer jobID',
  async run({ judge, target, observe }) {
    for (const { range, start } of await observe(newJobs)) {
      if (!start.accepted) {
        judge.fail(`the export request ${rangeText(range)} (a valid range no other request uses) was refused`, refusalEvidence(start));
        continue;
      }
      const jobID = rawJobId(start.accepted, target.profile);
      judge.check(Number.isInteger(jobID), {
        title: `the export request ${rangeText(range)} succeeds with an integer jobID`,
        expected: 'success with an integer jobID',
        actual: { outcome: start.accepted.outcome, jobID },
        response: start.accepted,
      });
      if (start.refusals.length > 0) {
        // A refusal that ends is no refusal of the range (a target refusing everything while another job
        // is Pending breaks exports.duplicate.other-params, which judges that); the note keeps it visible.
        judge.pass(`${rangeText(range)} was accepted only after ${start.refusals.length} refusal(s): ${start.refusals.at(-1)?.errors[0] ?? 'no message'}`);
      }
    }
  },
  judge: (ctx) => judgeRequestJobID(ctx),
});
