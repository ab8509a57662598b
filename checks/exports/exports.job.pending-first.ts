import { defineCheck } from '../../harness/core';
import { rangeText } from '../../generators';
import { phaseOf } from '../shared/export-jobs';
import { knownStatuses, rawJobId } from './job-answers';
import { newJobs } from './new-jobs';
import { judgePendingFirst } from '../shared/traffic';

export default defineCheck({
  rule: 'exports.job.pending-first',
  title: 'a new export job is first reported Pending or a later status',
  async run({ judge, target, observe }) {
    const { profile } = target;
    const unjudged: string[] = [];
    let judged = false;
    for (const { range, start, status } of await observe(newJobs)) {
      if (!start.accepted) {
        unjudged.push(`the export request ${rangeText(range)} was refused`);
        continue;
      }
      if (start.jobID === undefined || !status) {
        unjudged.push(`the export request ${rangeText(range)} answered no readable jobID (${JSON.stringify(rawJobId(start.accepted, profile))})`);
        continue;
      }
      judged = true;
      judge.check(phaseOf(status, profile) !== 'unknown', {
        title: `the new job ${start.jobID} is reported with a status the profile knows (${profile.jobStatuses.pending} first, or at once a later one)`,
        expected: knownStatuses(target),
        actual: { outcome: status.outcome, status: status.job?.status },
        response: status,
      });
    }
    // A range that gave no job is request.jobID's failure, not pending-first's: only no job at all leaves it unjudged.
    if (!judged) judge.inconclusive(`no new job to ask about: ${unjudged.join('; ')}`);
  },
  judge: (ctx) => judgePendingFirst(ctx, knownStatuses(ctx.target)),
});
