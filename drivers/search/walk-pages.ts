/** The driver that pages through a search to its last page (where it ends is the oracle isLastPage's reading). */
import type { ApiClient, ApiResponse, CallOptions } from '../../harness/check';
import { isLastPage, type SearchRecord } from '../../harness/oracles';
import type { OperationKey } from '../../harness/types';

type Params = Record<string, unknown>;

export interface PageWalk {
  /** Every record object of every page, in page order. */
  records: SearchRecord[];
  pages: ApiResponse[];
  /** False when paging stopped early: an error page, or more pages than maxPages. */
  complete: boolean;
  stoppedBecause?: string;
}

export interface WalkOptions extends Omit<CallOptions, 'params'> {
  /** At most this many pages (default 50). */
  maxPages?: number;
}

const DEFAULT_MAX_PAGES = 50;

/**
 * Pages through a search from params.page (default 1) until its last page: the service's convention
 * (page until next is empty or page >= totalPages), where an empty or short page also ends it.
 * A rule judged on a walk that is not complete is inconclusive with `stoppedBecause`.
 */
export async function walkPages(api: ApiClient, op: OperationKey, params: Params = {}, options: WalkOptions = {}): Promise<PageWalk> {
  const { maxPages = DEFAULT_MAX_PAGES, ...callOptions } = options;
  const records: SearchRecord[] = [];
  const pages: ApiResponse[] = [];
  let page = typeof params.page === 'number' ? params.page : 1;
  for (;;) {
    if (pages.length >= maxPages) return { records, pages, complete: false, stoppedBecause: `more than ${maxPages} pages` };
    const response = await api.call(op, { ...callOptions, params: { ...params, page } });
    pages.push(response);
    if (response.outcome !== 'success') {
      const answer = response.transport ? `a transport failure (${response.transport.reason})` : `an error: ${response.errors[0] ?? `HTTP ${response.status}`}`;
      return { records, pages, complete: false, stoppedBecause: `page ${page} answered ${answer}` };
    }
    const pageRecords = response.records ?? [];
    records.push(...pageRecords.filter((r): r is SearchRecord => typeof r === 'object' && r !== null));
    if (isLastPage(page, pageRecords.length, response)) return { records, pages, complete: true };
    page += 1;
  }
}
