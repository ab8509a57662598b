import type { OperationKey } from '../harness/types';
import { allowedValues } from './spec-params';

export interface SortCombination {
  sortField: string;
  sortDirection: string;
}

/** Every sortField × sortDirection the spec allows, for exhaustive checks. */
export function sortCombinations(op: OperationKey): SortCombination[] {
  const directions = allowedValues(op, 'sortDirection');
  return allowedValues(op, 'sortField').flatMap((sortField) =>
    directions.map((sortDirection) => ({ sortField, sortDirection })),
  );
}
