import { allowedValues } from '../../generators';
import type { CheckContext } from '../../harness/core';
import { searchAllIds } from '../shared/search';
import { filterValues, OP } from './group-filters';

/** The IDs each status value (and no status: the key undefined) selects on the target. */
export type StatusSelections = Map<string | undefined, Set<unknown>>;

/**
 * The IDs each status value (and no status) selects on the target, so that checks of other filters
 * "within the status filter" compare with what the target's own status filter returns; a reason when
 * a search could not be paged through.
 */
export async function statusSelections(ctx: Pick<CheckContext, 'api'>): Promise<StatusSelections | string> {
  const selections: StatusSelections = new Map();
  for (const status of [undefined, ...allowedValues(OP, 'status')]) {
    const found = await searchAllIds(ctx, OP, { type: filterValues('type').widest, ...(status === undefined ? {} : { status }) });
    if (!found.complete) return `could not page through status=${status ?? '(none)'}: ${found.stoppedBecause}`;
    selections.set(status, new Set(found.ids));
  }
  return selections;
}
