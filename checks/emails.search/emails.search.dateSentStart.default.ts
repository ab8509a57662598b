import { defineCheck } from '../../harness/check';
import { formatDatetime } from '../../harness/oracles';
import { addDays, harnessNow } from '../../generators';
import { judgeDateSentStartDefault } from './window-default-judges';
import { driveWithoutBound } from './window-defaults';

/** How far before now the second explicit end lies: within the default window, far from both its ends. */
const PAST_END_DAYS = 90;

export default defineCheck({
  rule: 'emails.search.dateSentStart.default',
  title: 'without dateSentStart the window starts 6 months before now',
  // An explicit end, so the searches do not lean on the default end: a day after now, and three months before now
  // (a default start computed from the end rather than from now shows only when the end is well before now).
  async drive(ctx) {
    const format = ctx.target.profile.datetime.format;
    await driveWithoutBound(ctx, 'dateSentStart', { dateSentEnd: formatDatetime(addDays(harnessNow(), 1), format) });
    await driveWithoutBound(ctx, 'dateSentStart', { dateSentEnd: formatDatetime(addDays(harnessNow(), -PAST_END_DAYS), format) });
  },
  judge: judgeDateSentStartDefault,
});
