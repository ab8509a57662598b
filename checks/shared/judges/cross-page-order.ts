/**
 * The order of a search ACROSS its pages: page p+1 continues page p in the order the request asked for.
 * Two exchanges are pages of one search when they share the operation, the method, every parameter but
 * page (rpp, sort and filters included) and the token. The records of two consecutive pages, concatenated
 * in page order, must be in the requested order (the model's judgeContinuation). The data may move between the two calls (an import changes a
 * group's members): a boundary out of order is a failure only when a second fetch of the same two pages
 * shows it again; seen once, it leaves the judgement unsettled. Pure: a function of every exchange of the run.
 */
import type { RecordedExchange, RecordedTraffic, Target } from '../../../harness/check';
import type { Direction } from '../../../harness/oracles';
import type { VerdictTally } from './tally';
import { judgeContinuation, recordsOf, type Continuation, type SearchOp, sentPage, walkKey } from '../../../harness/model';

/** The order one answer asked for: an allowed sortField and sortDirection (as the spec spells them), and the case label. */
export interface PageOrder {
  field: string;
  direction: Direction;
  label: string;
}

/** What identifies the pages of one search: method, parameters but page, and the token that asked. */
const searchKey = (op: SearchOp, exchange: RecordedExchange): string =>
  `${walkKey(op, exchange)} ${exchange.token.role ?? exchange.token.id ?? (exchange.token.header ? 'header' : 'none')}`;

/** One reading of the boundary between two consecutive pages fetched one after the other. */
interface PairJudgement extends Continuation {
  first: RecordedExchange;
  second: RecordedExchange;
}

const judgePair = (target: Target, op: SearchOp, order: PageOrder, first: RecordedExchange, second: RecordedExchange): PairJudgement => ({
  ...judgeContinuation(target, op, order, { first: { page: sentPage(first), records: recordsOf(first) }, second: { page: sentPage(second), records: recordsOf(second) } }),
  first,
  second,
});

/**
 * Judges every pair of consecutive pages of one search (GET and POST alike) whose request `orderOf` gives an
 * order for; returns the case labels judged across pages with two distinct values or more.
 */
export function judgeCrossPageOrder(
  traffic: RecordedTraffic,
  target: Target,
  op: SearchOp,
  tally: VerdictTally,
  orderOf: (exchange: RecordedExchange) => PageOrder | undefined,
): Set<string> {
  const judged = new Set<string>();
  const searches = new Map<string, { order: PageOrder; pages: Map<number, RecordedExchange[]> }>();
  for (const exchange of traffic.of(op)) {
    const page = sentPage(exchange);
    const order = exchange.outcome === 'success' && page !== undefined ? orderOf(exchange) : undefined;
    if (!order || recordsOf(exchange).length === 0) continue;
    const key = searchKey(op, exchange);
    const search = searches.get(key) ?? { order, pages: new Map<number, RecordedExchange[]>() };
    search.pages.set(page!, [...(search.pages.get(page!) ?? []), exchange]);
    searches.set(key, search);
  }
  for (const { order, pages } of searches.values()) {
    for (const [page, fetches] of pages) {
      const next = pages.get(page + 1);
      if (!next) continue;
      // The i-th fetch of page p with the i-th fetch of page p+1 (both in recorded order): one reading of the boundary each.
      const pairs = fetches.slice(0, next.length).map((fetch, i) => judgePair(target, op, order, fetch, next[i]!));
      const telling = pairs.filter((pair) => pair.comparable > 0 || !pair.ok);
      if (telling.length === 0) continue;
      const broken = telling.filter((pair) => !pair.ok);
      if (broken.length >= 2) {
        const pair = broken[0]!;
        tally.expect(false, {
          title: `${pair.second.method} page ${page + 1} continues page ${page} in the requested order (seen ${broken.length} times): ${pair.reason}`,
          expected: `${order.field} ${order.direction} across pages`,
          actual: pair.reason,
          response: pair.second,
        });
        continue;
      }
      if (broken.length === 1 && telling.length === 1) {
        tally.unsettle(`${order.label}: page ${page + 1} did not continue page ${page} once, and the two pages were not fetched again (the data may have moved between the calls)`);
        continue;
      }
      if (broken.length === 1) tally.note(`${order.label}: a boundary out of order once, not repeated (data moved between the calls)`);
      tally.expect(true, { title: '', response: telling[0]!.second });
      judged.add(order.label);
    }
  }
  return judged;
}
