// @silent-point paging.link-form paging.empty-total-pages
/**
 * What the documents say of one page of a search against its own request: its paging block agrees with its
 * totals and its page number (totalPages is ceil(totalRecords / rpp); next and prev link the neighbours or
 * are empty), and it holds no more records than the rpp asked for (or the documented default). Pure.
 */
import type { ApiResponse } from '../check';
import { boundsOf, defaultOf } from '../../generators';
import { isAbsent, readCount } from '../oracles';
import type { Rejection } from './rejection';
import type { SearchOp } from './search-records';
import { integerStanding } from './sent-params';

/** The `page` query parameter of a paging link, when the link is a URL that carries one. */
export function linkedPage(link: string, base: string): number | undefined {
  try {
    const value = new URL(link, base).searchParams.get('page');
    return value === null ? undefined : readCount(value);
  } catch {
    return undefined;
  }
}

/** The first departure of one page's paging block from its own totals and page number, or undefined. */
export function pageDeparture(exchange: ApiResponse, page: number, rpp: number, baseUrl: string): Rejection | undefined {
  const paging = exchange.paging ?? {};
  const where = `${exchange.method} page ${page} at rpp=${rpp}`;
  const { totalRecords, totalPages } = paging;
  if (totalRecords === undefined || totalPages === undefined) return { title: `${where}: the paging block carries totalRecords and totalPages`, expected: 'integers', actual: paging };
  // The page size the target reports (a capped page size is rpp.page-size's business, not this rule's).
  const size = paging.rpp ?? rpp;
  const expectedPages = Math.ceil(totalRecords / size);
  if (totalPages !== expectedPages && !(totalRecords === 0 && totalPages <= 1)) {
    return { title: `${where}: totalPages is ceil(totalRecords / rpp) = ceil(${totalRecords} / ${size})`, expected: expectedPages, actual: totalPages };
  }
  if (paging.page !== undefined && paging.page !== page) return { title: `${where} reports page ${page}`, expected: page, actual: paging.page };
  for (const [name, link, exists, neighbour] of [['next', paging.next, page < totalPages, page + 1], ['prev', paging.prev, page > 1, page - 1]] as const) {
    if (link === undefined) continue;
    // "" when there is no such page (service-facts.md); null reads the same way (an absent value).
    if (!isAbsent(link) !== exists) return { title: `${where}: ${name} is ${exists ? 'a link' : 'empty'} (totalPages ${totalPages})`, expected: exists ? 'a link' : '', actual: link };
    const linked = isAbsent(link) || typeof link !== 'string' ? undefined : linkedPage(link, baseUrl);
    if (linked !== undefined && linked !== neighbour) return { title: `${where}: ${name} links to page ${neighbour}`, expected: neighbour, actual: link };
  }
  return undefined;
}

/** The rpp a request asked for, when within bounds. */
export function sentRpp(op: SearchOp, exchange: ApiResponse): number | undefined {
  const { min, max } = boundsOf(op, 'rpp');
  return integerStanding(exchange.params.rpp, min, max) === 'within' ? Number(exchange.params.rpp) : undefined;
}

/** The page size a request asked for: its rpp within bounds, the documented default when it sent none; undefined otherwise. */
export const askedPageSize = (op: SearchOp, exchange: ApiResponse): number | undefined =>
  exchange.params.rpp === undefined ? Number(defaultOf(op, 'rpp')) : sentRpp(op, exchange);

/** A page holding more records than its page size. */
export function overfullPage(exchange: ApiResponse, size: number, where: string): Rejection | undefined {
  const count = exchange.records?.length ?? 0;
  return count > size ? { title: `${where} holds ${count} records, more than ${size}`, expected: `at most ${size}`, actual: count } : undefined;
}
