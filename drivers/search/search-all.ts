import type { ApiResponse, CheckContext } from '../../harness/check';
import { walkPages } from './walk-pages';
import type { HttpMethod } from '../../harness/types';
import { idField, idsOf, maxRpp, without, type Params, type SearchOp, type SearchRecord } from './records';

export interface SearchAllIds {
  records: SearchRecord[];
  ids: unknown[];
  complete: boolean;
  stoppedBecause?: string;
  pages: ApiResponse[];
}

/**
 * The parameters of a search sorted by the record ID when they ask for no sortField. IDs are unique, so
 * the pages of a walk can neither repeat nor skip a record; under a sort with ties they could, since
 * interface.md documents no order among equal sort values (checks/shared/judges/ties.ts).
 */
export const inUniqueOrder = (op: SearchOp, params: Params): Params => (params.sortField === undefined ? { ...params, sortField: idField(op) } : params);

/**
 * Every record of a search, paged at rpp max unless params sets rpp (a handful of requests), in the
 * order of the record ID unless params sets a sortField (the set of records is what callers judge).
 */
export async function searchAllIds(
  ctx: Pick<CheckContext, 'api'>,
  op: SearchOp,
  params: Params,
  options: { method?: HttpMethod; maxPages?: number } = {},
): Promise<SearchAllIds> {
  const result = await walkPages(ctx.api, op, { rpp: maxRpp(op), ...without(inUniqueOrder(op, params), 'page') }, {
    ...(options.method ? { method: options.method } : {}),
    maxPages: options.maxPages ?? 20,
  });
  return {
    records: result.records,
    ids: idsOf(op, result.records),
    complete: result.complete,
    ...(result.stoppedBecause ? { stoppedBecause: result.stoppedBecause } : {}),
    pages: result.pages,
  };
}
