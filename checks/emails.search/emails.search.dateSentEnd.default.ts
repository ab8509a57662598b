import { defineCheck } from '../../harness/check';
import { formatDatetime } from '../../harness/oracles';
import { addDays, harnessNow } from '../../generators';
import { defaultWindowStart } from './date-windows';
import { judgeDateSentEndDefault } from './window-default-judges';
import { driveWithoutBound, START_SLACK_DAYS } from './window-defaults';

export default defineCheck({
  rule: 'emails.search.dateSentEnd.default',
  title: 'without dateSentEnd the window ends at the current date (today or now)',
  // An explicit start (the default one plus a margin), so the searches do not lean on the default start.
  drive: (ctx) =>
    driveWithoutBound(ctx, 'dateSentEnd', { dateSentStart: formatDatetime(addDays(defaultWindowStart(harnessNow()), START_SLACK_DAYS), ctx.target.profile.datetime.format) }),
  judge: judgeDateSentEndDefault,
});
