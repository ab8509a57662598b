import { defineCheck } from '../../harness/core';
import { formatDatetime } from '../../harness/oracles';
import { addDays, defaultWindowMonths, harnessNow } from '../../generators';
import { defaultWindowStart } from './date-windows';
import { emailCatalogue } from './email-catalogue';
import { dateSentOf } from './email-records';
import { leftOut, notReturned, offenders } from './record-evidence';
import { searchWithoutBound, sentBetween, START_SLACK_DAYS } from './window-defaults';
import { emailsExploration } from './exploration';
import { dateSentStartDefaultJudge } from './explored-judges';
import { withExplored } from '../shared/search';

export default defineCheck({
  rule: 'emails.search.dateSentStart.default',
  title: 'without dateSentStart the window starts 6 months before now',
  run: withExplored(async (ctx) => {
    const { judge, target } = ctx;
    const catalogue = await ctx.observe(emailCatalogue);
    const now = harnessNow();
    const boundary = defaultWindowStart(now);
    const early = addDays(boundary, -START_SLACK_DAYS);
    const late = addDays(boundary, START_SLACK_DAYS);
    // dateSentEnd is passed (a day after now) so that this check does not depend on the default end.
    const end = formatDatetime(addDays(now, 1), target.profile.datetime.format);
    let older = 0;
    let recent = 0;
    for (const base of [catalogue.manualSent, catalogue.automatedDetail, catalogue.transactional]) {
      const result = await searchWithoutBound(ctx, base, 'dateSentStart', { dateSentEnd: end });
      if (!result) return;
      const tooOld = result.records.filter((record) => {
        const sent = dateSentOf(record, target);
        return sent !== undefined && sent < early;
      });
      judge.check(tooOld.length === 0, {
        title: `${base.label} without dateSentStart returns no email sent before ${boundary.toISOString()} (${defaultWindowMonths()} months ago, less ${START_SLACK_DAYS} days)`,
        expected: `dateSent on or after ${early.toISOString()}`,
        ...offenders(result, tooOld, 'dateSent'),
      });
      const since = sentBetween(base.records, target, late, now);
      older += base.records.filter((record) => (dateSentOf(record, target) ?? now) < early).length;
      recent += since.length;
      const missing = notReturned(result, since);
      judge.check(missing.length === 0, {
        title: `${base.label} without dateSentStart returns every email sent since ${late.toISOString()} (found with an explicit window)`,
        expected: { count: since.length },
        ...leftOut(result, missing, 'dateSent'),
      });
    }
    if (older === 0) judge.inconclusive(`the target has no email sent more than ${defaultWindowMonths()} months ago (within the explicit window), so a later start cannot be told from the default`);
    else if (recent === 0) judge.inconclusive(`the target has no email sent in the last ${defaultWindowMonths()} months`);
  }, emailsExploration, (ctx) => dateSentStartDefaultJudge(ctx.target)),
});
