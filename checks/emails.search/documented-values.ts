/** The values of emails/search the spec names (never retyped): delivery types, statuses, sorts, rpp (those the model's readings turn on: harness/model emails-values.ts). */
import type { OperationKey } from '../../harness/types';
import { allowedValues, boundsOf, defaultOf } from '../../generators';

export const OP = 'emails.search' satisfies OperationKey;

export const DELIVERY_TYPES = allowedValues(OP, 'deliveryType');
export const STATUSES = allowedValues(OP, 'status');
export const SORT_FIELDS = allowedValues(OP, 'sortField');
export const SORT_DIRECTIONS = allowedValues(OP, 'sortDirection');
export const RPP_MAX = (() => {
  const { max } = boundsOf(OP, 'rpp');
  if (max === undefined) throw new Error(`spec/openapi.yaml: ${OP} rpp has no maximum`);
  return max;
})();
export const RPP_MIN = boundsOf(OP, 'rpp').min;
/** The sort direction used when a sortField comes without one (SortDirection's default). */
export const DEFAULT_DIRECTION = String(defaultOf(OP, 'sortDirection'));
