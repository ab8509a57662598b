// @silent-point paging.beyond-last search.tie-order
/**
 * The paging of recorded searches: each page's paging block (totals, page number, next and prev), the
 * pages of a walk read to its end (the same totals, every record reached once; records tied under the
 * walk's sort may move between pages: checks/shared/judges/ties.ts), and a page asked for without page
 * against the same request with page 1.
 */
import type { RecordedExchange, TrafficContext, Judgement } from '../../../harness/check';
import { describeDifference, sameUpToTies, setDifference, shortList } from '../../../harness/oracles';
import { boundsOf } from '../../../generators';
import { VerdictTally } from './tally';
import { idField, idsOf, onlyTiesMoved, orderedEntries, orderFields, pageDeparture, paramsKey, recordsOf, seenIds, sentPage, sentRpp, setKey, silentInputs, tiedIDs, tokenWorks, walksOf, wholeSearch, type SearchOp, type SearchRecord, type Walk } from '../../../harness/model';

/** A walk read to its end: the same totals on every page, and its pages reach totalRecords records, each once (ties aside). */
function judgeWalk(ctx: TrafficContext, op: SearchOp, tally: VerdictTally, walk: Walk): void {
  const first = walk.pages[0]!;
  const { totalRecords, totalPages } = first.paging ?? {};
  const label = `${first.method} ${first.url.split('?')[1] ?? JSON.stringify(first.params)}`;
  const other = walk.pages.find((page) => page.paging?.totalRecords !== totalRecords || page.paging?.totalPages !== totalPages);
  if (other) {
    tally.expect(false, { title: `the pages of ${label} report the same totals as page 1`, expected: { totalRecords, totalPages }, actual: other.paging, response: other });
    return;
  }
  const distinct = new Set(walk.ids);
  if (distinct.size === walk.ids.length && distinct.size === totalRecords) {
    tally.expect(true, { title: '', response: first });
    return;
  }
  // Records seen in any answer of the search, to tell which went missing and whether they tie with others.
  const known = new Map<unknown, SearchRecord>();
  for (const exchange of ctx.traffic.of(op)) if (exchange.outcome === 'success' && setKey(op, exchange) === setKey(op, first)) for (const record of recordsOf(exchange)) known.set(record[idField(op)], record);
  const whole = wholeSearch(ctx.traffic, op, setKey(op, first));
  const every = whole ? whole.ids : [...seenIds(ctx.traffic, op, setKey(op, first))];
  const difference = setDifference(every, walk.ids);
  const tied = tiedIDs(op, [...known.values()], first.params);
  if (whole && every.length === totalRecords && onlyTiesMoved(difference, tied)) {
    tally.expect(true, { title: '', response: first });
    tally.note(`${label}: tied records moved between pages (noted, not failed)`);
    return;
  }
  const repeat = walk.ids.find((id, i) => walk.ids.indexOf(id) !== i && !tied.has(id));
  if (repeat === undefined && !whole) return tally.skip(`${label} reached ${distinct.size} of totalRecords ${totalRecords}, and no search read whole in the order of the ID tells which records moved`);
  tally.expect(false, {
    title: repeat !== undefined ? `${label} repeats ${idField(op)} ${String(repeat)} of an earlier page (it ties with no other record)` : `the pages of ${label} reach totalRecords (${totalRecords}) records, none twice`,
    expected: totalRecords,
    actual: { reached: distinct.size, everyRecord: every.length, repeated: shortList(difference.repeated), missing: shortList(difference.missing) },
    response: first,
  });
}

/** paging.totals: every page with an explicit page and rpp; every walk read to its end, of two pages or more. */
export function judgePagingTotals(ctx: TrafficContext, op: SearchOp): Judgement {
  const tally = new VerdictTally();
  for (const exchange of ctx.traffic.of(op)) {
    const page = sentPage(exchange);
    const rpp = sentRpp(op, exchange);
    if (exchange.outcome !== 'success' || page === undefined || rpp === undefined) continue;
    const departure = pageDeparture(exchange, page, rpp, ctx.target.baseUrl);
    tally.expect(departure === undefined, { ...(departure ?? { title: '' }), response: exchange });
  }
  let walked = 0;
  for (const walk of walksOf(ctx.traffic, op)) {
    if (!walk.complete || walk.pages.length < 2 || sentRpp(op, walk.pages[0]!) === undefined) continue;
    walked += 1;
    judgeWalk(ctx, op, tally, walk);
  }
  return tally.verdicts({ none: 'no page asked for with an explicit page and rpp', missing: walked === 0 ? ['no search was paged through to its last page over two pages or more'] : [] });
}

/** Whether two answers show the same values of the order fields for the records they share (else the data moved between them). */
function sameData(op: SearchOp, a: RecordedExchange, b: RecordedExchange): boolean {
  const fields = orderFields(op, a.params);
  const byId = new Map(recordsOf(b).map((record) => [record[idField(op)], record]));
  return recordsOf(a).every((record) => {
    const twin = byId.get(record[idField(op)]);
    return !twin || fields.every((field) => JSON.stringify(twin[field]) === JSON.stringify(record[field]));
  });
}

/** page.default: an answer without page holds the records of the same request with page 1 (ties aside). */
export function judgePageDefault(ctx: TrafficContext, op: SearchOp): Judgement {
  const tally = new VerdictTally();
  const firstPages = new Map<string, RecordedExchange>();
  for (const exchange of ctx.traffic.of(op)) {
    if (exchange.outcome === 'success' && sentPage(exchange) === boundsOf(op, 'page').min) firstPages.set(`${exchange.method} ${paramsKey(op, exchange, ['page'])}`, exchange);
  }
  for (const plain of ctx.traffic.of(op)) {
    // A request whose token does not work for the operation is refused for its token, not its paging.
    if (plain.outcome === 'transport' || plain.params.page !== undefined || !tokenWorks(ctx.traffic, plain)) continue;
    // A refusal of a request holding an input whose acceptance is unwritten (another spelling of an enum value) is allowed.
    if (plain.outcome === 'error' && silentInputs(ctx.traffic, plain).length > 0) continue;
    const first = firstPages.get(`${plain.method} ${paramsKey(op, plain, ['page'])}`);
    if (!first || recordsOf(first).length === 0) continue;
    if (plain.outcome === 'success' && !sameData(op, plain, first)) {
      tally.skip('the records changed between a request without page and its page=1 twin');
      continue;
    }
    const same = plain.outcome === 'success' && sameUpToTies(orderedEntries(op, recordsOf(plain), plain.params), orderedEntries(op, recordsOf(first), first.params));
    const firstIds = idsOf(op, recordsOf(first));
    const plainIds = plain.outcome === 'success' ? idsOf(op, recordsOf(plain)) : [];
    tally.expect(same, {
      title: `${plain.method} without page returns the records of page=1, ties aside (${describeDifference(firstIds, plainIds)})`,
      expected: firstIds, actual: plain.outcome === 'success' ? plainIds : { outcome: plain.outcome, errors: plain.errors }, response: plain,
    });
  }
  return tally.verdicts({ none: 'no request without page next to the same request with page=1 (with records)' });
}
