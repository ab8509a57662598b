// @silent-point emails.unsent-dateSent emails.summary-dateSent emails.default-end
/**
 * The judges of the default window's bounds over recorded searches. "now" and "current date" are the
 * target's: each answer's Date header (its clock, to the second), else when the request started.
 *
 * - Membership, on every served search that left the bound out (whatever else it sent): no email sent
 *   before 6 months before now (a default start), none sent after now (a default end), each with a margin.
 * - Completeness, on a search without the bound read whole whose other bound was sent: it holds every email
 *   a search read whole with both bounds (otherwise the same) holds within what the default must cover.
 *
 * Automated summaries are left out: which date a summary's dateSent is is not written.
 */
import type { RecordedExchange, TrafficContext, Judgement } from '../../harness/check';
import { foldCase, setDifference, shortList } from '../../harness/oracles';
import { addDays, addHours, dayOf, defaultWindowMonths } from '../../generators';
import { VerdictTally } from '../shared/judges';
import { allowedSpelling, dateSentOf, DELIVERY, DETAIL, emailID, readSentMoment, recordsOf, statedDate, keyOf, ORDER, PAGING, walksOf, type Walk } from '../../harness/model';
import { defaultWindowStart } from './date-windows';
import { OP } from './documented-values';
import { type EmailRecord } from './email-records';
import { END_SLACK_HOURS, RECENT_DAYS, sentBetween, START_SLACK_DAYS } from './window-defaults';

type Bound = 'dateSentStart' | 'dateSentEnd';
const WINDOW: Bound[] = ['dateSentStart', 'dateSentEnd'];
const MAX_SHOWN = 5;

/** The target's now when it answered: the Date header, else when the request started. */
export const answeredNow = (exchange: RecordedExchange): Date => new Date(statedDate(exchange) ?? exchange.startedAt);

/** A search of automated summaries (an automated search without detail or a parent). */
export function isSummarySearch(exchange: RecordedExchange): boolean {
  const type = allowedSpelling(OP, 'deliveryType', exchange.params.deliveryType);
  const results = allowedSpelling(OP, 'automatedResults', exchange.params.automatedResults);
  return foldCase(type) === foldCase(DELIVERY.automated) && foldCase(results) !== foldCase(DETAIL) && exchange.params.parentEmailID === undefined;
}

const dated = (records: readonly EmailRecord[], ctx: TrafficContext) =>
  records.flatMap((record) => {
    const sent = dateSentOf(record, ctx.target);
    return sent === undefined ? [] : [{ record, sent }];
  });

const shown = (records: Array<{ record: EmailRecord }>) => records.slice(0, MAX_SHOWN).map(({ record }) => ({ emailID: record.emailID, dateSent: record.dateSent }));

/** Every success of the operation that left `bound` out (summaries aside), with its dated records. */
function servedWithout(ctx: TrafficContext, bound: Bound) {
  return ctx.traffic
    .of(OP)
    .filter((e) => e.outcome === 'success' && e.params[bound] === undefined && !isSummarySearch(e))
    .map((exchange) => ({ exchange, records: dated(recordsOf(exchange), ctx) }))
    .filter(({ records }) => records.length > 0);
}

/** A walk with no record twice (so what it lacks it lacks), its first page. */
const clean = (walk: Walk): boolean => walk.complete && new Set(walk.ids).size === walk.ids.length;

/** The walks read whole with both bounds sent as full datetimes: the references a search without one is compared with. */
function references(ctx: TrafficContext) {
  return walksOf(ctx.traffic, OP)
    .filter(clean)
    .flatMap((walk) => {
      const first = walk.pages[0]!;
      const start = readSentMoment(first.params.dateSentStart, ctx.target);
      const end = readSentMoment(first.params.dateSentEnd, ctx.target);
      return start && end && !isSummarySearch(first) ? [{ walk, start, end, key: keyOf(OP, first.params, [...PAGING, ...ORDER, ...WINDOW]) }] : [];
    });
}

interface Comparison {
  /** The search without the bound read whole. */
  walk: Walk;
  /** The span the search must cover in full (the sent bound and the default's certain part). */
  from: Date;
  to: Date;
}

/**
 * Compares each search without a bound read whole with a reference covering from..to: returns how many were
 * compared and the reference records within (for the caller's "could it show" counts).
 */
function compareWithReferences(ctx: TrafficContext, tally: VerdictTally, bound: Bound, spanOf: (walk: Walk) => Comparison | string | undefined) {
  const refs = references(ctx);
  const compared: Array<{ comparison: Comparison; reference: EmailRecord[] }> = [];
  for (const walk of walksOf(ctx.traffic, OP)) {
    const first = walk.pages[0];
    if (!first || first.params[bound] !== undefined || isSummarySearch(first)) continue;
    if (!clean(walk)) {
      if (walk.complete) tally.skip(`a search without ${bound} repeated records across its pages, so what it lacks is unknown`);
      continue;
    }
    const comparison = spanOf(walk);
    if (comparison === undefined) continue;
    if (typeof comparison === 'string') {
      tally.skip(comparison);
      continue;
    }
    const key = keyOf(OP, first.params, [...PAGING, ...ORDER, ...WINDOW]);
    const reference = refs.find((ref) => ref.key === key && ref.start <= comparison.from && ref.end >= comparison.to);
    if (!reference) {
      tally.skip(`no search read whole with both bounds covering ${comparison.from.toISOString()} .. ${comparison.to.toISOString()} (otherwise the same as one without ${bound})`);
      continue;
    }
    const expected = sentBetween(reference.walk.records, ctx.target, comparison.from, comparison.to);
    const difference = setDifference(expected.map(emailID), walk.ids.map(Number));
    const last = walk.pages.at(-1)!;
    tally.expect(difference.missing.length === 0, {
      title: `${last.method} ${JSON.stringify(first.params)} (without ${bound}) read whole returns every email sent ${comparison.from.toISOString()} .. ${comparison.to.toISOString()}`,
      expected: { count: expected.length, from: `the search ${JSON.stringify(reference.walk.pages[0]!.params)} read whole` },
      actual: { count: walk.ids.length, missing: shortList(difference.missing) },
      response: last,
    });
    compared.push({ comparison, reference: reference.walk.records });
  }
  return compared;
}

/** Without dateSentStart the window starts 6 months before now (a margin of START_SLACK_DAYS either way). */
export function judgeDateSentStartDefault(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const months = defaultWindowMonths();
  const earliestOf = (now: Date) => addDays(defaultWindowStart(now), -START_SLACK_DAYS);
  for (const { exchange, records } of servedWithout(ctx, 'dateSentStart')) {
    const earliest = earliestOf(answeredNow(exchange));
    const tooOld = records.filter(({ sent }) => sent < earliest);
    tally.expect(tooOld.length === 0, {
      title: `${exchange.method} ${JSON.stringify(exchange.params)} (without dateSentStart) returns no email sent before ${earliest.toISOString()} (${months} months before now, less ${START_SLACK_DAYS} days)`,
      expected: `dateSent on or after ${earliest.toISOString()}`,
      actual: { misfits: shown(tooOld), count: tooOld.length },
      response: exchange,
    });
  }
  const compared = compareWithReferences(ctx, tally, 'dateSentStart', (walk) => {
    const first = walk.pages[0]!;
    const end = readSentMoment(first.params.dateSentEnd, ctx.target);
    // Without an explicit end the search would lean on the default end too (that rule's business).
    if (!end) return undefined;
    const now = answeredNow(first);
    const from = addDays(defaultWindowStart(now), START_SLACK_DAYS);
    const to = end < now ? end : now;
    return to < from ? undefined : { walk, from, to };
  });
  const older = compared.filter(({ comparison, reference }) => dated(reference, ctx).some(({ sent }) => sent < earliestOf(answeredNow(comparison.walk.pages[0]!)))).length;
  const recent = compared.filter(({ comparison, reference }) => sentBetween(reference, ctx.target, comparison.from, comparison.to).length > 0).length;
  const missing = [
    ...(compared.length === 0 ? ['no search without dateSentStart (with dateSentEnd) read whole was compared with one read whole with both bounds'] : []),
    ...(compared.length > 0 && older === 0 ? [`no compared search could show a start too early: none of its references holds an email sent more than ${months} months before now`] : []),
    ...(compared.length > 0 && recent === 0 ? [`no compared search could show a start too late: none of its references holds an email sent in the last ${months} months`] : []),
  ];
  return tally.verdicts({ none: 'no served search without dateSentStart returned an email with a dateSent', missing });
}

/** Without dateSentEnd the window ends at the current date: today (00:00 GMT) or now, with a margin of END_SLACK_HOURS. */
export function judgeDateSentEndDefault(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  for (const { exchange, records } of servedWithout(ctx, 'dateSentEnd')) {
    const latest = addHours(answeredNow(exchange), END_SLACK_HOURS);
    const future = records.filter(({ sent }) => sent > latest);
    tally.expect(future.length === 0, {
      title: `${exchange.method} ${JSON.stringify(exchange.params)} (without dateSentEnd) returns no email sent after now (${END_SLACK_HOURS} h margin)`,
      expected: `dateSent up to ${latest.toISOString()}`,
      actual: { misfits: shown(future), count: future.length },
      response: exchange,
    });
  }
  const compared = compareWithReferences(ctx, tally, 'dateSentEnd', (walk) => {
    const first = walk.pages[0]!;
    // Without an explicit start the search would lean on the default start too (that rule's business).
    const from = readSentMoment(first.params.dateSentStart, ctx.target);
    if (!from) return undefined;
    // "current date" read as today's date or as now: every email sent before today is expected.
    const to = addHours(dayOf(answeredNow(first)), -END_SLACK_HOURS);
    return to < from ? undefined : { walk, from, to };
  });
  const recent = compared.filter(({ comparison, reference }) => {
    const since = addDays(dayOf(answeredNow(comparison.walk.pages[0]!)), -RECENT_DAYS);
    return sentBetween(reference, ctx.target, since > comparison.from ? since : comparison.from, comparison.to).length > 0;
  }).length;
  const missing = [
    ...(compared.length === 0 ? ['no search without dateSentEnd (with dateSentStart) read whole was compared with one read whole with both bounds'] : []),
    ...(compared.length > 0 && recent === 0 ? [`no email was sent in the ${RECENT_DAYS} days before the day of a compared search, so an early end could not show`] : []),
  ];
  return tally.verdicts({ none: 'no served search without dateSentEnd returned an email with a dateSent', missing });
}
