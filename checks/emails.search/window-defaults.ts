/** What the checks of the default window's bounds share: their margins, and a catalogue search without one bound. */
import type { CheckContext, Target } from '../../harness/core';
import { unusable, type EmailBase } from './email-catalogue';
import { dateSentOf, type EmailRecord, type Params } from './email-records';
import { searchWhole, type SearchResult } from './whole-search';

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
 * A catalogue search made again without one bound of its window (and with `set` added), read whole;
 * undefined once the rule is judged inconclusive because the base or the search could not serve.
 */
export async function searchWithoutBound(
  { api, judge }: CheckContext,
  base: EmailBase,
  bound: 'dateSentStart' | 'dateSentEnd',
  set: Params,
): Promise<SearchResult | undefined> {
  const why = unusable(base);
  if (why) {
    judge.inconclusive(why);
    return undefined;
  }
  const { [bound]: _dropped, ...params } = base.params;
  const result = await searchWhole(api, { ...params, ...set });
  if (!result.complete) {
    judge.inconclusive(`${base.label} without ${bound} could not be read whole: ${result.stoppedBecause}`);
    return undefined;
  }
  return result;
}
