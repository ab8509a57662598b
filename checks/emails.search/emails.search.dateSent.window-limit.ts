import fc from 'fast-check';
import { defineCheck } from '../../harness/check';
import { harnessNow, windowBeyondLimit, windowLimitMonths, windowWithin } from '../../generators';
import { windowParams } from './date-windows';
import { OP, RPP_MIN } from './documented-values';
import { judgeWindowLimit } from '../shared/judges';

export default defineCheck({
  rule: 'emails.search.dateSent.window-limit',
  title: 'a window of at most 18 months is accepted, a longer one refused',
  async drive({ api, explore, target }) {
    const now = harnessNow();
    const limit = windowLimitMonths();
    // Both generators keep a day or more away from the exact edge (clocks and month arithmetic may differ).
    const arbitrary = fc.oneof(windowWithin(limit, now), windowBeyondLimit(limit, now));
    await explore(arbitrary, (window) => api.call(OP, { params: { ...windowParams(window, target), rpp: RPP_MIN } }));
  },
  judge: (ctx) => judgeWindowLimit(ctx, OP),
});
