import { defineCheck } from '../../harness/check';
import type { DateRange } from '../../generators';
import { runExport } from '../../drivers';
import { judgeJobFailed } from '../shared/judges';

const failingFixture = (target: { profile: { fixtures?: Record<string, unknown> } }) => target.profile.fixtures?.failingExport as DateRange | undefined;

export default defineCheck({
  rule: 'exports.job.failed',
  title: 'a job over the failing fixture range ends Failed, reported as an error',
  // A job over the profile's failing fixture range, polled to its end.
  async drive({ api, target }) {
    const fixture = failingFixture(target);
    if (fixture) await runExport(api, target, { startDate: fixture.startDate, endDate: fixture.endDate });
  },
  judge: (ctx) => judgeJobFailed(ctx, failingFixture(ctx.target)),
});
