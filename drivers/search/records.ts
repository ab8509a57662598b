/** What a driver of a documented search builds its requests with: the first page, the largest rpp, parameters without some keys. */
import { boundsOf } from '../../generators';
import type { Params, SearchOp } from '../../harness/model';

/** The first page (the spec's minimum of page): passed explicitly where a check needs page 1, so page.default stays its own rule. */
export const firstPage = (op: SearchOp): number => boundsOf(op, 'page').min;

/** The largest rpp the spec allows (250): fewest requests when paging through everything. */
export function maxRpp(op: SearchOp): number {
  const { min, max } = boundsOf(op, 'rpp');
  return max ?? min;
}

/** The parameters without some keys (a check drops the ones it varies: rpp, page, sort...). */
export const without = (params: Params, ...keys: string[]): Params =>
  Object.fromEntries(Object.entries(params).filter(([k]) => !keys.includes(k)));
