import type { ApiResponse, CheckContext } from '../../harness/check';
import { walkPages } from './walk-pages';
import type { HttpMethod } from '../../harness/types';
import { maxRpp, without } from './records';
import { idField, idsOf, type Params, type SearchOp, type SearchRecord } from '../../harness/model';

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
 * The most pages a search is read to its end over (at rpp max: 2,000 records, more than the reference data's
 * 1,021 emails, so that every search of a small account is read whole). A larger search is read that far and no
 * further: its pages read are a sample of it (the judges compare with a sample what they can, and say what was
 * not read), so a large account costs a run about what a small one does.
 */
export const WHOLE_READ_PAGES = 8;

/**
 * Every record of a search, paged at rpp max unless params sets rpp (a handful of requests), in the
 * order of the record ID unless params sets a sortField (the set of records is what callers judge);
 * at most WHOLE_READ_PAGES pages unless `maxPages` says otherwise (`complete` false beyond).
 */
export async function searchAllIds(
  ctx: Pick<CheckContext, 'api'>,
  op: SearchOp,
  params: Params,
  options: { method?: HttpMethod; maxPages?: number } = {},
): Promise<SearchAllIds> {
  const result = await walkPages(ctx.api, op, { rpp: maxRpp(op), ...without(inUniqueOrder(op, params), 'page') }, {
    ...(options.method ? { method: options.method } : {}),
    maxPages: options.maxPages ?? WHOLE_READ_PAGES,
  });
  return {
    records: result.records,
    ids: idsOf(op, result.records),
    complete: result.complete,
    ...(result.stoppedBecause ? { stoppedBecause: result.stoppedBecause } : {}),
    pages: result.pages,
  };
}
