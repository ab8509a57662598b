/**
 * The order of a search ACROSS its pages: page p+1 continues page p in the order the request asked for.
 * Two exchanges are pages of one search when they share the operation, the method, every parameter but
 * page (rpp, sort and filters included) and the token. The records of two consecutive pages, concatenated
 * in page order, must be in the requested order: equal sort values may come in any order (ties, README
 * "Ties, case and row order"), so only a strict inversion between two valued records counts, under every
 * collation a text order is accepted in. The data may move between the two calls (an import changes a
 * group's members): a boundary out of order is a failure only when a second fetch of the same two pages
 * shows it again; seen once, it leaves the judgement unsettled. Pure: a function of every exchange of the run.
 */
import type { RecordedExchange, RecordedTraffic, Target } from '../../../harness/check';
import { judgeOrder, type Direction } from '../../../harness/oracles';
import { fieldKind, idField, orderValues, recordsOf, type SearchOp } from '../../../drivers';
import { sentPage, walkKey } from './searches';
import type { VerdictTally } from './tally';

/** The order one answer asked for: an allowed sortField and sortDirection (as the spec spells them), and the case label. */
export interface PageOrder {
  field: string;
  direction: Direction;
  label: string;
}

/** What identifies the pages of one search: method, parameters but page, and the token that asked. */
const searchKey = (op: SearchOp, exchange: RecordedExchange): string =>
  `${walkKey(op, exchange)} ${exchange.token.role ?? exchange.token.id ?? (exchange.token.header ? 'header' : 'none')}`;

/** One judgement of two consecutive pages fetched one after the other. */
interface PairJudgement {
  ok: boolean;
  /** Pairs of adjacent valued records with different values over the two pages (both must hold a valued record): 0 judges nothing. */
  comparable: number;
  reason: string;
  first: RecordedExchange;
  second: RecordedExchange;
}

function judgePair(target: Target, op: SearchOp, order: PageOrder, first: RecordedExchange, second: RecordedExchange): PairJudgement {
  const kind = fieldKind(op, order.field);
  const format = target.profile.datetime.format;
  const id = idField(op);
  const tagged = [first, second].flatMap((page, at) => recordsOf(page).map((record) => ({ record, at })));
  const values = orderValues(tagged.map(({ record }) => record[order.field]), kind, format);
  // orderValues drops unreadable values: keep the records it kept, in the same order.
  const kept = tagged.filter(({ record }) => orderValues([record[order.field]], kind, format).length === 1);
  const onFirst = kept.filter(({ at }) => at === 0).length;
  // Judged only across the boundary: the last valued record of page p and the records of page p+1 (each page alone is judged as a page).
  const across = values.slice(Math.max(0, onFirst - 1)).map((entry) => entry.value);
  const judgement = onFirst === 0 || onFirst === values.length ? { ok: true, comparablePairs: 0 } : judgeOrder(across, kind, order.direction);
  const at = judgement.ok ? undefined : Math.max(0, onFirst - 1) + (judgement as { violation: { index: number } }).violation.index;
  const reason = at === undefined
    ? `${order.label}: page ${sentPage(second)} continues page ${sentPage(first)}`
    : `${order.label}: ${JSON.stringify(values[at - 1]?.raw)} (${id} ${String(kept[at - 1]?.record[id])}, page ${sentPage(kept[at - 1]!.at === 0 ? first : second)}) comes before ${JSON.stringify(values[at]?.raw)} (${id} ${String(kept[at]?.record[id])}, page ${sentPage(kept[at]!.at === 0 ? first : second)})`;
  // The two pages judge the order when their records hold two different values (at the edge itself they may tie).
  const comparable = onFirst === 0 || onFirst === values.length ? 0 : judgeOrder(values.map((entry) => entry.value), kind, order.direction).comparablePairs;
  return { ok: judgement.ok, comparable, reason, first, second };
}

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
