import type { Choices } from './choices/choices';
import { invalidParameter } from './errors';
import type { FaultSwitch } from './faults';
import type { Params } from './params';

/** The two paged searches; their faults share the same suffixes. */
export type SearchName = 'groups' | 'emails';

const DEFAULT_RPP = 20;
const MAX_RPP = 250;
const FAULTY_DEFAULT_RPP = 25;
const FAULTY_PAGE_CAP = 25;

export interface PageRequest {
  page: number;
  rpp: number;
}

/** The paging block of a search answer (service-facts.md): next/prev are URLs, "" when there is no such page. */
export interface Paging {
  page: number;
  rpp: number;
  totalPages: number;
  totalRecords: number;
  next: string;
  prev: string;
  /** records.extra-members=extra: an undocumented count of the records on this page. */
  recordsOnPage?: number;
}

/** page (default 1, minimum 1) and rpp (default 20, 1 to 250): integers, refused when out of bounds, never clamped. */
export function readPageRequest(params: Params, faults: FaultSwitch, search: SearchName): PageRequest {
  const defaultRpp = faults.has(`${search}-rpp-default-25`) ? FAULTY_DEFAULT_RPP : DEFAULT_RPP;
  let rpp = (faults.has(`${search}-rpp-truncated`) ? params.forgivingInteger('rpp') : params.integer('rpp')) ?? defaultRpp;
  if (faults.has(`${search}-rpp-clamped`)) rpp = Math.min(MAX_RPP, Math.max(1, rpp));
  if (rpp < 1 || rpp > MAX_RPP) throw invalidParameter(`rpp must be between 1 and ${MAX_RPP}, got ${rpp}`);

  const defaultPage = faults.has(`${search}-page-default-two`) ? 2 : 1;
  if (faults.has(`${search}-page-zero-accepted`)) {
    return { rpp, page: Math.max(1, params.forgivingInteger('page') ?? defaultPage) };
  }
  const page = params.integer('page') ?? defaultPage;
  if (page < 1) throw invalidParameter(`page must be 1 or more, got ${page}`);
  return { rpp, page };
}

/** The items a page needs: the first page * rpp of the sorted matches (sorting.ts sortFirst). */
export function pageEnd(request: PageRequest): number {
  return request.page * request.rpp;
}

/**
 * One page of items; a page beyond the last is empty (paging.beyond-last=refused: refused). No records:
 * totalPages 0 (paging.empty-total-pages=one: 1). `items` holds the sorted matches, or at least their first
 * pageEnd(request); `total` counts every match.
 */
export function paginate<T>(
  items: readonly T[],
  request: PageRequest,
  link: (page: number) => string,
  faults: FaultSwitch,
  search: SearchName,
  total: number,
  choices: Choices,
): { records: T[]; paging: Paging } {
  const rpp = faults.has(`${search}-page-size-capped`) ? Math.min(request.rpp, FAULTY_PAGE_CAP) : request.rpp;
  const { page } = request;
  const totalPages = choices.is('paging.empty-total-pages', 'one') ? Math.max(1, Math.ceil(total / rpp)) : Math.ceil(total / rpp);
  if (choices.is('paging.beyond-last', 'refused') && page > Math.max(1, totalPages)) throw invalidParameter(`page ${page} is beyond the last page (${totalPages})`);
  const records = items.slice((page - 1) * rpp, page * rpp);
  const prevOnFirst = faults.has(`${search}-prev-on-first-page`);
  return {
    records,
    paging: {
      page,
      rpp,
      totalPages,
      totalRecords: total,
      next: page < totalPages ? link(page + 1) : '',
      prev: page > 1 || prevOnFirst ? link(page - 1) : '',
      ...(choices.is('records.extra-members', 'extra') ? { recordsOnPage: records.length } : {}),
    },
  };
}

/**
 * Page links: the request's parameters as a GET query string with page replaced (accessToken never copied).
 * paging.link-form=page-number: the neighbouring page's number as a string ("2").
 */
export function pageLinks(params: Params, link: (query: URLSearchParams) => string, choices: Choices): (page: number) => string {
  if (choices.is('paging.link-form', 'page-number')) return (page) => String(page);
  const query = params.toQuery();
  query.delete('accessToken');
  return (page) => {
    const withPage = new URLSearchParams(query);
    withPage.set('page', String(page));
    return link(withPage);
  };
}
