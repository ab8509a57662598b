/** What the rules of the default window's bounds share: their margins, and the driver of a search without one bound. */
import type { CheckContext, Target } from '../../harness/check';
import { addDays, addHours, dayOf, harnessNow } from '../../generators';
import { defaultWindowStart, windowParams } from './date-windows';
import { OP, SORT_DIRECTIONS, SORT_FIELDS } from './documented-values';
import { emailCatalogue, type EmailBase } from './email-catalogue';
import { emailsExploration } from './exploration';
import { distinctIntegers, type EmailRecord, type Params } from './email-records';
import { dateSentOf, recordsOf } from '../../harness/model';
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

/** Emails taken from each end of a base, and from each side of the default window's bounds, on a large account. */
const SAMPLE_EACH = 10;
/** How far from a bound the emails sampled on each side of it may lie (the nearest SAMPLE_EACH are taken). */
const SAMPLE_SPAN_DAYS = 31;
const DATE_SENT = SORT_FIELDS.find((field) => field === 'dateSent');
const [ASCENDING, DESCENDING] = ['asc', 'desc'].map((direction) => SORT_DIRECTIONS.find((value) => value === direction));

const samples = new WeakMap<EmailBase, Promise<Params | undefined>>();

/**
 * A base too large to read whole (a large account), narrowed by emailIDs to a sample of its emails that can show
 * either bound wrong: the earliest and the latest sent, and the nearest on each side of the default window's
 * start (6 months before now) and of the last moment its end must reach (the start of today, less the margin).
 * The sample is read whole with both bounds once (the reference every search without a bound is compared with).
 * Undefined when the base gave no emailID (or the spec names no dateSent sort), or the sample could not be read whole.
 */
function sampledBase(ctx: CheckContext, base: EmailBase): Promise<Params | undefined> {
  let sample = samples.get(base);
  if (!sample) {
    sample = (async () => {
      if (!DATE_SENT || !ASCENDING || !DESCENDING) return undefined;
      const now = harnessNow();
      const sorted = (sortDirection: string) => ({ sortField: DATE_SENT, sortDirection });
      const narrowings: Params[] = [sorted(ASCENDING), sorted(DESCENDING)];
      for (const bound of [defaultWindowStart(now), addHours(dayOf(now), -END_SLACK_HOURS)]) {
        narrowings.push({ ...windowParams({ start: addDays(bound, -SAMPLE_SPAN_DAYS), end: bound }, ctx.target), ...sorted(DESCENDING) });
        narrowings.push({ ...windowParams({ start: bound, end: addDays(bound, SAMPLE_SPAN_DAYS) }, ctx.target), ...sorted(ASCENDING) });
      }
      const ids = new Set<number>();
      for (const narrowing of narrowings) {
        const page = await ctx.api.call(OP, { params: { ...base.params, ...narrowing, rpp: SAMPLE_EACH, page: 1 } });
        for (const id of distinctIntegers(recordsOf(page).slice(0, SAMPLE_EACH), 'emailID')) ids.add(id);
      }
      if (ids.size === 0) return undefined;
      const sampled = { ...base.params, emailIDs: [...ids].sort((a, b) => a - b) };
      return (await searchWhole(ctx.api, sampled)).complete ? sampled : undefined;
    })();
    samples.set(base, sample);
  }
  return sample;
}

/**
 * Sends what the judges of a default bound compare: the catalogue's searches read whole with both bounds
 * (the references; on a large account a sample of each, read whole, see sampledBase), each read whole again
 * without `bound` and with `set`, and the exploring driver's draws (windows by one end, the other, both or
 * neither). Decides nothing.
 */
export async function driveWithoutBound(ctx: CheckContext, bound: 'dateSentStart' | 'dateSentEnd', set: Params): Promise<void> {
  const catalogue = await ctx.observe(emailCatalogue);
  for (const base of [catalogue.manualSent, catalogue.automatedDetail, catalogue.transactional]) {
    const reference = base.complete ? base.params : await sampledBase(ctx, base);
    if (!reference) continue;
    const { [bound]: _dropped, ...params } = reference;
    await searchWhole(ctx.api, { ...params, ...set });
  }
  await ctx.observe(emailsExploration);
}
