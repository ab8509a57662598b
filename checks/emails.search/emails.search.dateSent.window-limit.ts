import fc from 'fast-check';
import { defineCheck } from '../../harness/core';
import { harnessNow, windowBeyondLimit, windowLimitMonths, windowWithin } from '../../generators';
import { windowParams } from './date-windows';
import { OP, RPP_MIN } from './documented-values';
import { judgeWindowLimit } from '../shared/traffic';

export default defineCheck({
  rule: 'emails.search.dateSent.window-limit',
  title: 'a window of at most 18 months is accepted, a longer one refused',
  async run({ api, judge, target }) {
    const now = harnessNow();
    const limit = windowLimitMonths();
    // Both generators keep a day or more away from the exact edge (clocks and month arithmetic may differ).
    const arbitrary = fc.oneof(
      windowWithin(limit, now).map((window) => ({ window, valid: true })),
      windowBeyondLimit(limit, now).map((window) => ({ window, valid: false })),
    );
    await judge.property(arbitrary, async ({ window, valid }, sample) => {
      const params = windowParams(window, target);
      const response = await api.call(OP, { params: { ...params, rpp: RPP_MIN } });
      sample.expect(response.outcome === (valid ? 'success' : 'error'), {
        title: `a window from ${params.dateSentStart} to ${params.dateSentEnd} is ${valid ? 'accepted' : `refused (more than ${limit} months)`}`,
        expected: valid ? 'success' : 'error',
        actual: response.outcome === 'success' ? { outcome: 'success' } : { outcome: response.outcome, errors: response.errors },
        response,
      });
    });
  },
  judge: (ctx) => judgeWindowLimit(ctx, OP),
});
