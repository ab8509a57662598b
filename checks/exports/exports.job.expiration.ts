import { defineCheck } from '../../harness/core';
import { readDatetime } from '../../harness/oracles';
import { exportWithRecords, recordsJob } from './export-with-records';
import { answeredAt } from '../shared/export-jobs';
import { judgeExpiration } from '../shared/traffic';

/** How far a target's clock may lag the harness's before a fileExpiration "in the future" is doubted. */
const CLOCK_SKEW_MS = 5 * 60_000;

export default defineCheck({
  rule: 'exports.job.expiration',
  title: 'a job over a range with sends completes with a fileExpiration in the future',
  async run({ judge, target, observe }) {
    const job = recordsJob(judge, await observe(exportWithRecords));
    if (!job) return;
    const { expiration, finishedAt } = job;
    if (expiration === undefined) {
      judge.inconclusive('the Completed job carries no fileExpiration (exports.job.file-key judges that)');
      return;
    }
    // fileExpiration: a GMT datetime in the future when the job completes. A value that cannot be read as a
    // datetime leaves the moment unknown: its format is envelope.datetime-format's business, not this rule's.
    const until = readDatetime(expiration, target.profile.datetime.format);
    if (until === undefined) {
      judge.inconclusive(`fileExpiration ${JSON.stringify(expiration)} could not be read as a datetime, so when it lies is unknown`);
      return;
    }
    // The moment on the target's clock: the Date header of the answer that said Completed, else ours.
    const seen = answeredAt(job.completed, finishedAt);
    judge.check(until.getTime() > seen.at - CLOCK_SKEW_MS, {
      title: `fileExpiration ${JSON.stringify(expiration)} is a GMT datetime after the moment the job was seen Completed (${seen.basis})`,
      expected: `a datetime after ${new Date(seen.at).toISOString()} (allowing ${CLOCK_SKEW_MS / 60_000} min of clock difference)`,
      actual: until.toISOString(),
      response: job.completed,
    });
  },
  judge: (ctx) => judgeExpiration(ctx, CLOCK_SKEW_MS),
});
