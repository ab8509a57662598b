/** A search read whole (every page at the largest rpp), and a search's parameters in a line. */
import type { ApiClient } from '../../harness/check';
import { inUniqueOrder, walkPages, WHOLE_READ_PAGES, type PageWalk } from '../../drivers';
import { OP, RPP_MAX } from './documented-values';
import type { Params } from './email-records';

export type SearchResult = PageWalk;

/**
 * Every record of a search, rpp at its maximum, ordered by emailID unless params sets a sortField (a walk
 * under a sort with ties may repeat or skip a tied record: inUniqueOrder); complete is false when paging
 * stopped early.
 */
export const searchWhole = (api: ApiClient, params: Params, maxPages = WHOLE_READ_PAGES): Promise<SearchResult> =>
  walkPages(api, OP, { ...inUniqueOrder(OP, params), rpp: RPP_MAX }, { maxPages });

/**
 * The records of a search in the order it asks for (the default sort when it sets no sortField), rpp at
 * its maximum: for checks of that order. Pages may repeat or skip records tied under it. Both read at most
 * WHOLE_READ_PAGES pages (a large account's search is read that far: a sample).
 */
export const searchInOrder = (api: ApiClient, params: Params, maxPages = WHOLE_READ_PAGES): Promise<SearchResult> =>
  walkPages(api, OP, { ...params, rpp: RPP_MAX }, { maxPages });

/** A search's parameters in a line (without the window), for titles. */
export function describeSearch(params: Params): string {
  const shown = Object.entries(params).filter(([name]) => name !== 'dateSentStart' && name !== 'dateSentEnd');
  return shown.map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(',') : String(value)}`).join(' ') || 'a search without filters';
}
