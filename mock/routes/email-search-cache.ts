/**
 * The emails a search matches, kept between requests of a mock without faults: a walk asks the same search
 * page after page, and at a large account (`--scale 200`, over 100,000 manual emails) filtering them again
 * for every page was most of the mock's time. The emails never change between resets, so a search's matches
 * are a function of its query; its window enters the key as the sent emails it holds (two windows around the
 * same emails match the same), so a default window moving with the clock still finds its entry. Entries are
 * few and recent (least recently used out), the full order of a search is kept once a second page is asked, and
 * each email's record once shown.
 */
import type { Email } from '../data/model';
import type { EmailSets } from '../data/store';
import type { EmailQuery } from './email-query';

/** How many searches are kept (each holds at most the emails of one delivery type, by reference). */
const ENTRIES = 48;

interface Entry {
  matches: Email[];
  /** Each sort key's full order of the matches, kept from the second request of that order on. */
  orders: Map<string, Email[] | 'asked once'>;
}

interface Cache {
  sets: EmailSets;
  /** Each email's record as the mock shows it (without faults it never changes). */
  records: WeakMap<Email, Record<string, unknown>>;
  /** Every sent email's dateSent, ascending: where a window's ends fall. */
  sentTimes: Float64Array;
  entries: Map<string, Entry>;
}

const caches = new WeakMap<object, Cache>();

function cacheOf(owner: object, sets: EmailSets): Cache {
  let cache = caches.get(owner);
  if (!cache || cache.sets !== sets) {
    const times = [...sets.manual, ...sets.automatedSummaries, ...sets.automatedSends, ...sets.transactional]
      .map((email) => email.dateSent)
      .filter((time): time is number => time !== undefined);
    cache = { sets, records: new WeakMap(), sentTimes: Float64Array.from(times).sort(), entries: new Map() };
    caches.set(owner, cache);
  }
  return cache;
}

/** How many of the ascending `times` are below `value` (or at most `value`, with `inclusive`). */
function rank(times: Float64Array, value: number, inclusive: boolean): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (inclusive ? times[middle]! <= value : times[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface CachedSearch {
  matches: Email[];
  /** An email's record, from `show` the first time the mock shows it. */
  record(email: Email, show: (email: Email) => Record<string, unknown>): Record<string, unknown>;
  /** The first `count` matches in the order `sortKey` names: `sortFirst` the first time, the kept full order after. */
  ordered(sortKey: string, count: number, sortFirst: (matches: Email[], count: number) => Email[], sortAll: (matches: Email[]) => Email[]): Email[];
}

/**
 * One search through the cache: `owner` the mock's state, `sets` its emails, `endExclusive` whether the window's
 * end leaves out an email sent at that moment (emails.dateSentEnd-inclusive=exclusive), `match` the filter.
 */
export function cachedSearch(owner: object, sets: EmailSets, query: EmailQuery, endExclusive: boolean, match: () => Email[]): CachedSearch {
  const cache = cacheOf(owner, sets);
  const { sortField: _field, sortDirection: _direction, dateSentStart, dateSentEnd, ...filters } = query;
  const key = JSON.stringify({ ...filters, from: rank(cache.sentTimes, dateSentStart, false), to: rank(cache.sentTimes, dateSentEnd, !endExclusive) });
  let entry = cache.entries.get(key);
  if (entry) cache.entries.delete(key);
  else entry = { matches: match(), orders: new Map() };
  cache.entries.set(key, entry);
  if (cache.entries.size > ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  const { matches, orders } = entry;
  return {
    matches,
    record(email, show) {
      let record = cache.records.get(email);
      if (!record) cache.records.set(email, (record = show(email)));
      return record;
    },
    ordered(sortKey, count, sortFirst, sortAll) {
      const order = orders.get(sortKey);
      if (order === undefined) {
        orders.set(sortKey, 'asked once');
        return sortFirst(matches, count);
      }
      if (order === 'asked once') {
        const all = sortAll(matches);
        orders.set(sortKey, all);
        return all.slice(0, count);
      }
      return order.slice(0, count);
    },
  };
}
