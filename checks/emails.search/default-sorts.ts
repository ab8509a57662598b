/** The searches that show the documented default sorts per status (the model's defaultSorts). */
import { foldCase, type Direction } from '../../harness/oracles';
import { defaultSorts, DEFAULT_STATUSES, DELIVERY, DETAIL } from '../../harness/model';
import type { Params } from './email-records';

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value) => b.map(foldCase).includes(foldCase(value)));

export interface DefaultSortCase {
  params: Params;
  field: string;
  direction: Direction;
}

/** The searches without sortField whose order a default sort decides, over a window. */
export function defaultSortCases(windowed: Params): DefaultSortCase[] {
  const cases: DefaultSortCase[] = [];
  for (const sort of defaultSorts()) {
    const direction = sort.sortDirection;
    // Each status of the entry alone, and all of them together, in a manual search.
    const lists = sort.statuses.length > 1 ? [...sort.statuses.map((status) => [status]), sort.statuses] : [sort.statuses];
    for (const status of lists) cases.push({ params: { deliveryType: DELIVERY.manual, status, ...windowed }, field: sort.sortField, direction });
    if (sameList(sort.statuses, DEFAULT_STATUSES)) {
      // The default status, and the searches whose records are sent emails.
      cases.push({ params: { deliveryType: DELIVERY.manual, ...windowed }, field: sort.sortField, direction });
      cases.push({ params: { deliveryType: DELIVERY.automated, automatedResults: DETAIL, ...windowed }, field: sort.sortField, direction });
      cases.push({ params: { deliveryType: DELIVERY.transactional, ...windowed }, field: sort.sortField, direction });
    }
  }
  return cases;
}
