import type { RecordedExchange, RecordedTraffic } from '../../check';
import { answered, idOf, recordsOf, requestKey, type Row, type SearchOp } from './answers';

/** What does not change which records a search finds: its paging and its order. */
const NOT_SELECTING = ['page', 'rpp', 'sortField', 'sortDirection'];

/** A search as the records it selects: its parameters but paging and order, as sent, with some left out. */
export const searchKey = (exchange: RecordedExchange, ...leaveOut: string[]): string => requestKey(exchange, ...NOT_SELECTING, ...leaveOut);

export interface WholeSearch {
  /** One answer of the search (its parameters). */
  first: RecordedExchange;
  records: Row[];
  ids: Set<number>;
}

const cache = new WeakMap<RecordedTraffic, Map<SearchOp, Map<string, WholeSearch>>>();

/**
 * The searches the traffic read whole, by searchKey: one answer holding every record it found
 * (records = totalRecords), or every page of one walk (same parameters but page) from 1 to totalPages.
 */
export function wholeSearches(traffic: RecordedTraffic, op: SearchOp): Map<string, WholeSearch> {
  let byOp = cache.get(traffic);
  if (!byOp) cache.set(traffic, (byOp = new Map()));
  const known = byOp.get(op);
  if (known) return known;
  const whole = new Map<string, WholeSearch>();
  const keep = (first: RecordedExchange, records: Row[]) => {
    const key = searchKey(first);
    if (whole.has(key)) return;
    const ids = new Set(records.map((record) => idOf(op, record)).filter((id): id is number => id !== undefined));
    whole.set(key, { first, records, ids });
  };
  const walks = new Map<string, Map<number, RecordedExchange>>();
  for (const exchange of answered(traffic, op)) {
    const total = exchange.paging?.totalRecords;
    const records = recordsOf(exchange);
    if (total !== undefined && records.length === total && (exchange.paging?.page ?? 1) === 1) keep(exchange, records);
    const page = typeof exchange.params.page === 'number' ? exchange.params.page : 1;
    const walkKey = requestKey(exchange, 'page');
    let pages = walks.get(walkKey);
    if (!pages) walks.set(walkKey, (pages = new Map()));
    if (!pages.has(page)) pages.set(page, exchange);
  }
  for (const pages of walks.values()) {
    const first = pages.get(1);
    const totalPages = first?.paging?.totalPages;
    if (!first || totalPages === undefined || totalPages < 1) continue;
    const all = Array.from({ length: totalPages }, (_, i) => pages.get(i + 1));
    if (all.every((answer) => answer !== undefined)) keep(first, all.flatMap((answer) => recordsOf(answer!)));
  }
  byOp.set(op, whole);
  return whole;
}

const references = new WeakMap<Map<string, WholeSearch>, Map<string, Map<string, WholeSearch>>>();

/** The same search read whole without some parameters (the reference a filter narrows), if the traffic has it. */
export function reference(traffic: RecordedTraffic, op: SearchOp, search: WholeSearch, ...leaveOut: string[]): WholeSearch | undefined {
  const whole = wholeSearches(traffic, op);
  let byLeft = references.get(whole);
  if (!byLeft) references.set(whole, (byLeft = new Map()));
  const left = leaveOut.join(',');
  let index = byLeft.get(left);
  if (!index) {
    index = new Map();
    for (const candidate of whole.values()) {
      if (leaveOut.some((name) => candidate.first.params[name] !== undefined)) continue;
      const key = searchKey(candidate.first, ...leaveOut);
      if (!index.has(key)) index.set(key, candidate);
    }
    byLeft.set(left, index);
  }
  return index.get(searchKey(search.first, ...leaveOut));
}
