import type { ApiResponse, CheckContext } from '../../../harness/core';
import { walkPages } from '../../../harness/oracles';
import type { HttpMethod } from '../../../harness/types';
import { idsOf, maxRpp, without, type Params, type SearchOp, type SearchRecord } from './records';

export interface SearchAllIds {
  records: SearchRecord[];
  ids: unknown[];
  complete: boolean;
  stoppedBecause?: string;
  pages: ApiResponse[];
}

/** Every record of a search, paged at rpp max unless params sets rpp (a handful of requests). */
export async function searchAllIds(
  ctx: Pick<CheckContext, 'api'>,
  op: SearchOp,
  params: Params,
  options: { method?: HttpMethod; maxPages?: number } = {},
): Promise<SearchAllIds> {
  const result = await walkPages(ctx.api, op, { rpp: maxRpp(op), ...without(params, 'page') }, {
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
