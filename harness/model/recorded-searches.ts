// @silent-point paging.beyond-last
/**
 * The searches a recording holds: the pages of one walk (one method, the same parameters but page), the
 * walks read to their last page, and every record a search (its filters, whatever rpp, page and sort)
 * was seen to hold.
 */
import type { RecordedExchange, RecordedTraffic } from '../check';
import { isLastPage, readInteger, type SearchRecord } from '../oracles';
import { keyOf, paramsKey } from './sent-params';
import { idField, idsOf, recordsOf, type SearchOp } from './search-records';

/** Parameters that choose a page of a search, and its order: the rest choose which records it holds. */
export const PAGING = ['page', 'rpp'] as const;
export const ORDER = ['sortField', 'sortDirection'] as const;

/** The pages of one walk, from page 1; `complete` when they reach its last page. */
export interface Walk {
  key: string;
  pages: RecordedExchange[];
  records: SearchRecord[];
  ids: unknown[];
  complete: boolean;
}

/** The page a request asked for, when it sent one as an integer of 1 or more. */
export function sentPage(exchange: RecordedExchange): number | undefined {
  const page = readInteger(exchange.params.page);
  return page !== undefined && page >= 1 ? page : undefined;
}

/**
 * The request asked for a page after the first. Whether a search has that page depends on its records,
 * and interface.md does not say how a page beyond the last is answered (empty or refused): a refusal of
 * such a request may be about its page alone.
 */
export const afterFirstPage = (exchange: RecordedExchange): boolean => (sentPage(exchange) ?? 1) > 1;

/** What identifies a walk: the method and every parameter but page. */
export const walkKey = (op: SearchOp, exchange: RecordedExchange): string => `${exchange.method} ${paramsKey(op, exchange, ['page'])}`;

const setKeys = new WeakMap<RecordedExchange, string>();

/** What identifies the records a search holds: every parameter but rpp, page and sort (the method aside). */
export function setKey(op: SearchOp, exchange: RecordedExchange): string {
  let key = setKeys.get(exchange);
  if (key === undefined) {
    key = paramsKey(op, exchange, [...PAGING, ...ORDER]);
    setKeys.set(exchange, key);
  }
  return key;
}

/** The set key of a search given by its parameters. */
export const setKeyOf = (op: SearchOp, params: Record<string, unknown>): string => keyOf(op, params, [...PAGING, ...ORDER]);

const walksCache = new WeakMap<RecordedTraffic, Map<SearchOp, Walk[]>>();

/** The walks of a search operation: its successes with an explicit page, grouped by walk key, each page's first answer. */
export function walksOf(traffic: RecordedTraffic, op: SearchOp): Walk[] {
  let byOp = walksCache.get(traffic);
  if (!byOp) {
    byOp = new Map();
    walksCache.set(traffic, byOp);
  }
  const cached = byOp.get(op);
  if (cached) return cached;
  const groups = new Map<string, Map<number, RecordedExchange>>();
  for (const exchange of traffic.of(op)) {
    const page = sentPage(exchange);
    if (exchange.outcome !== 'success' || page === undefined) continue;
    const key = walkKey(op, exchange);
    const pages = groups.get(key) ?? new Map<number, RecordedExchange>();
    if (!pages.has(page)) pages.set(page, exchange);
    groups.set(key, pages);
  }
  const walks = [...groups].map(([key, pages]) => walkFrom(op, key, pages));
  byOp.set(op, walks);
  return walks;
}

function walkFrom(op: SearchOp, key: string, byPage: Map<number, RecordedExchange>): Walk {
  const pages: RecordedExchange[] = [];
  let complete = false;
  for (let page = 1; byPage.has(page); page++) {
    const exchange = byPage.get(page)!;
    pages.push(exchange);
    if (isLastPage(page, recordsOf(exchange).length, exchange)) {
      complete = true;
      break;
    }
  }
  const records = pages.flatMap(recordsOf);
  return { key, pages, records, ids: idsOf(op, records), complete };
}

const seenCache = new WeakMap<RecordedTraffic, Map<string, Set<unknown>>>();

/** Every ID the successes of a search (one set key) returned, on any page at any rpp: at least that many records it holds. */
export function seenIds(traffic: RecordedTraffic, op: SearchOp, key: string): Set<unknown> {
  let byKey = seenCache.get(traffic);
  if (!byKey) {
    byKey = new Map();
    for (const search of ['groups.search', 'emails.search'] as const) {
      for (const exchange of traffic.of(search)) {
        if (exchange.outcome !== 'success') continue;
        const ids = byKey.get(`${search} ${setKey(search, exchange)}`) ?? new Set<unknown>();
        for (const id of idsOf(search, recordsOf(exchange))) ids.add(id);
        byKey.set(`${search} ${setKey(search, exchange)}`, ids);
      }
    }
    seenCache.set(traffic, byKey);
  }
  return byKey.get(`${op} ${key}`) ?? new Set();
}

/**
 * A search read whole, to serve as the oracle of what it holds: a complete walk with that set key, one
 * in the order of the unique record ID first (its pages can neither repeat nor skip a tied record), else
 * one without a repeated record; undefined when there is none, or when two such walks disagree.
 */
export function wholeSearch(traffic: RecordedTraffic, op: SearchOp, key: string): Walk | undefined {
  const complete = walksOf(traffic, op).filter((walk) => walk.complete && setKey(op, walk.pages[0]!) === key && new Set(walk.ids).size === walk.ids.length);
  const idOrdered = complete.filter((walk) => walk.pages[0]!.params.sortField === idField(op));
  const candidates = idOrdered.length > 0 ? idOrdered : complete;
  const sets = new Set(candidates.map((walk) => JSON.stringify(walk.ids.map((id) => JSON.stringify(id)).sort())));
  return sets.size === 1 ? candidates[0] : undefined;
}

const sampleCache = new WeakMap<RecordedTraffic, Map<string, Walk | undefined>>();

/**
 * Every record the successes of a search (one set key: any page, rpp, order or method) returned, each once,
 * as a walk that is not complete: a sample of what the search holds, for a search no walk read whole (a large
 * account). Undefined when no answer of it returned a record.
 */
export function sampledSearch(traffic: RecordedTraffic, op: SearchOp, key: string): Walk | undefined {
  let byKey = sampleCache.get(traffic);
  if (!byKey) sampleCache.set(traffic, (byKey = new Map()));
  if (byKey.has(`${op} ${key}`)) return byKey.get(`${op} ${key}`);
  const pages: RecordedExchange[] = [];
  const byId = new Map<unknown, SearchRecord>();
  const id = idField(op);
  for (const exchange of traffic.of(op)) {
    if (exchange.outcome !== 'success' || setKey(op, exchange) !== key) continue;
    const records = recordsOf(exchange);
    if (records.length === 0) continue;
    pages.push(exchange);
    for (const record of records) if (!byId.has(record[id])) byId.set(record[id], record);
  }
  const records = [...byId.values()];
  const sample = pages.length === 0 ? undefined : { key, pages, records, ids: idsOf(op, records), complete: false };
  byKey.set(`${op} ${key}`, sample);
  return sample;
}
