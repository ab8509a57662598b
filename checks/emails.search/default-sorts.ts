/** The documented default sorts per status (x-default-sorts on sortField), and the searches that show them. */
import type { Target } from '../../harness/check';
import { comparableValues, foldCase, judgeOrder, type Direction, type OrderJudgement } from '../../harness/oracles';
import { param } from '../../generators';
import { fieldKind } from '../../drivers';
import { OP } from './documented-values';
import { DEFAULT_STATUSES, DELIVERY, DETAIL } from '../../harness/model';
import type { EmailRecord, Params } from './email-records';

export interface DefaultSort {
  statuses: string[];
  sortField: string;
  sortDirection: 'asc' | 'desc';
}

export function defaultSorts(): DefaultSort[] {
  const sorts = param(OP, 'sortField')['x-default-sorts'];
  if (!Array.isArray(sorts) || sorts.length === 0) throw new Error(`spec/openapi.yaml: ${OP} sortField has no x-default-sorts`);
  return sorts.map((entry: { status: unknown[]; sortField: string; sortDirection: 'asc' | 'desc' }) => ({
    statuses: entry.status.map(String),
    sortField: entry.sortField,
    sortDirection: entry.sortDirection,
  }));
}

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

/** Whether records are ordered by a field in a direction, compared as the field's documented type. */
export function recordOrder(records: readonly EmailRecord[], field: string, direction: Direction, target: Target): OrderJudgement {
  const kind = fieldKind(OP, field);
  const values = comparableValues(records.map((record) => record[field]), kind, target.profile.datetime.format);
  return judgeOrder(values, kind, direction);
}

/** The first pair out of order, for evidence. */
export const outOfOrder = ({ violation }: OrderJudgement): { position: number; before: unknown; after: unknown } | undefined =>
  violation ? { position: violation.index, before: violation.before, after: violation.after } : undefined;
