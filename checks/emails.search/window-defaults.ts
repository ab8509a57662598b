/** What the rules of the default window's bounds share: their margins, and the driver of a search without one bound. */
import type { CheckContext, Target } from '../../harness/check';
import { emailCatalogue } from './email-catalogue';
import { emailsExploration } from './exploration';
import { dateSentOf, type EmailRecord, type Params } from './email-records';
import { searchWhole } from './whole-search';

/** Margin around the default window's start: month arithmetic and clocks may differ by a day or so. */
export const START_SLACK_DAYS = 2;
/** Margin around "now" for the default window's end: clocks of harness and target may differ a little. */
export const END_SLACK_HOURS = 1;
/** The default end is only judged when an email was sent this recently (else an early end cannot show). */
export const RECENT_DAYS = 2;

/** The records sent within from..to (both included; records without a readable dateSent left out). */
export const sentBetween = (records: readonly EmailRecord[], target: Target, from: Date, to: Date): EmailRecord[] =>
  records.filter((record) => {
    const sent = dateSentOf(record, target);
    return sent !== undefined && sent >= from && sent <= to;
  });

/**
 * Sends what the judges of a default bound compare: the catalogue's searches read whole with both bounds
 * (the references), each read whole again without `bound` and with `set`, and the exploring driver's draws
 * (windows by one end, the other, both or neither). Decides nothing.
 */
export async function driveWithoutBound(ctx: CheckContext, bound: 'dateSentStart' | 'dateSentEnd', set: Params): Promise<void> {
  const catalogue = await ctx.observe(emailCatalogue);
  for (const base of [catalogue.manualSent, catalogue.automatedDetail, catalogue.transactional]) {
    if (!base.complete) continue;
    const { [bound]: _dropped, ...params } = base.params;
    await searchWhole(ctx.api, { ...params, ...set });
  }
  await ctx.observe(emailsExploration);
}
