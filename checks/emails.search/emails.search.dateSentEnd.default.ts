import { defineCheck } from '../../harness/core';
import { formatDatetime } from '../../harness/oracles';
import { addDays, addHours, harnessNow } from '../../generators';
import { defaultWindowStart } from './date-windows';
import { emailCatalogue } from './email-catalogue';
import { dateSentOf } from './email-records';
import { leftOut, notReturned, offenders } from './record-evidence';
import { END_SLACK_HOURS, RECENT_DAYS, searchWithoutBound, sentBetween, START_SLACK_DAYS } from './window-defaults';
import { emailsExploration } from './exploration';
import { dateSentEndDefaultJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.dateSentEnd.default',
  title: 'without dateSentEnd the window ends at the current date (today or now)',
  run: withExplored(async (ctx) => {
    const { judge, target } = ctx;
    const catalogue = await ctx.observe(emailCatalogue);
    const now = harnessNow();
    // An explicit start (the default one plus a margin), so this check does not depend on the default start.
    const start = addDays(defaultWindowStart(now), START_SLACK_DAYS);
    const dateSentStart = formatDatetime(start, target.profile.datetime.format);
    // "current date" may be read as now or as today's date (00:00:00 GMT, as a bare date parameter reads):
    // every email sent before today is expected, none sent after now (each with the margin).
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const upTo = addHours(today, -END_SLACK_HOURS);
    const later = addHours(now, END_SLACK_HOURS);
    const recentSince = addDays(today, -RECENT_DAYS);
    let recent = 0;
    for (const base of [catalogue.manualSent, catalogue.automatedDetail, catalogue.transactional]) {
      const result = await searchWithoutBound(ctx, base, 'dateSentEnd', { dateSentStart });
      if (!result) return;
      const expected = sentBetween(base.records, target, start, upTo);
      recent += expected.filter((record) => dateSentOf(record, target)! >= recentSince).length;
      const missing = notReturned(result, expected);
      judge.check(missing.length === 0, {
        title: `${base.label} without dateSentEnd returns every email sent before the current date (${END_SLACK_HOURS} h margin)`,
        expected: { count: expected.length, upTo: upTo.toISOString() },
        ...leftOut(result, missing, 'dateSent'),
      });
      const future = result.records.filter((record) => {
        const sent = dateSentOf(record, target);
        return sent !== undefined && sent > later;
      });
      judge.check(future.length === 0, {
        title: `${base.label} without dateSentEnd returns no email sent after now (${END_SLACK_HOURS} h margin)`,
        expected: `dateSent up to ${later.toISOString()}`,
        ...offenders(result, future, 'dateSent'),
      });
    }
    if (recent === 0) judge.inconclusive(`no email was sent in the ${RECENT_DAYS} days before today, so an early end could not show`);
  }, emailsExploration, (ctx) => dateSentEndDefaultJudge(ctx.target)),
});
