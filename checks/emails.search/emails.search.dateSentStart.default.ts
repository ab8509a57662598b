import { defineCheck } from '../../harness/check';
import { formatDatetime } from '../../harness/oracles';
import { addDays, harnessNow } from '../../generators';
import { judgeDateSentStartDefault } from './window-default-judges';
import { driveWithoutBound } from './window-defaults';

export default defineCheck({
  rule: 'emails.search.dateSentStart.default',
  title: 'without dateSentStart the window starts 6 months before now',
  // An explicit end (a day after now), so the searches do not lean on the default end.
  drive: (ctx) => driveWithoutBound(ctx, 'dateSentStart', { dateSentEnd: formatDatetime(addDays(harnessNow(), 1), ctx.target.profile.datetime.format) }),
  judge: judgeDateSentStartDefault,
});
