/** A search read whole (every page at the largest rpp), and the page to show as evidence. */
import type { ApiClient, ApiResponse, Sample } from '../../harness/core';
import { inUniqueOrder, walkPages, type PageWalk } from '../shared/search';
import { OP, RPP_MAX } from './documented-values';
import { idsOf, type Params } from './email-records';

export type SearchResult = PageWalk;

/**
 * Every record of a search, rpp at its maximum, ordered by emailID unless params sets a sortField (a walk
 * under a sort with ties may repeat or skip a tied record: inUniqueOrder); complete is false when paging
 * stopped early.
 */
export const searchWhole = (api: ApiClient, params: Params, maxPages = 20): Promise<SearchResult> =>
  walkPages(api, OP, { ...inUniqueOrder(OP, params), rpp: RPP_MAX }, { maxPages });

/**
 * The records of a search in the order it asks for (the default sort when it sets no sortField), rpp at
 * its maximum: for checks of that order. Pages may repeat or skip records tied under it.
 */
export const searchInOrder = (api: ApiClient, params: Params, maxPages = 20): Promise<SearchResult> =>
  walkPages(api, OP, { ...params, rpp: RPP_MAX }, { maxPages });

/** A search read whole inside a property sample: a search that could not be read whole ends the sample unjudged. */
export async function searchWholeInSample(api: ApiClient, params: Params, sample: Sample, what: string): Promise<SearchResult> {
  const result = await searchWhole(api, params);
  if (!result.complete) sample.inconclusive(`${what} could not be read whole: ${result.stoppedBecause}`);
  return result;
}

/** The page of a search that holds a record (else its last page): the response to show as evidence. */
export function pageHolding(result: SearchResult, id?: number): ApiResponse | undefined {
  const holding = id === undefined ? undefined : result.pages.find((page) => idsOf(page.records ?? []).includes(id));
  return holding ?? result.pages.at(-1);
}

/** A search's parameters in a line (without the window), for titles. */
export function describeSearch(params: Params): string {
  const shown = Object.entries(params).filter(([name]) => name !== 'dateSentStart' && name !== 'dateSentEnd');
  return shown.map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(',') : String(value)}`).join(' ') || 'a search without filters';
}
