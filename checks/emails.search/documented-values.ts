/** The values of emails/search the spec names (never retyped): delivery types, statuses, results, sorts, rpp. */
import type { OperationKey } from '../../harness/types';
import { allowedValues, boundsOf, defaultOf, param } from '../../generators';

export const OP = 'emails.search' satisfies OperationKey;

function conditionValue(name: string, extension: 'x-applies-when' | 'x-valid-when'): string {
  const condition = param(OP, name)[extension] as { deliveryType?: unknown } | undefined;
  if (typeof condition?.deliveryType !== 'string') throw new Error(`spec/openapi.yaml: ${OP} parameter "${name}" has no ${extension}.deliveryType`);
  return condition.deliveryType;
}

/** The deliveryType values, each named by the parameter the spec ties to it. */
export const DELIVERY = {
  /** status applies only to it (x-applies-when), and it is the default. */
  manual: conditionValue('status', 'x-applies-when'),
  /** automatedResults applies only to it. */
  automated: conditionValue('automatedResults', 'x-applies-when'),
  /** transactionalCategory is valid only with it (x-valid-when). */
  transactional: conditionValue('transactionalCategory', 'x-valid-when'),
};

export const DELIVERY_TYPES = allowedValues(OP, 'deliveryType');
export const STATUSES = allowedValues(OP, 'status');
/** The documented default status list ([sent]). */
export const DEFAULT_STATUSES = (defaultOf(OP, 'status') as unknown[]).map(String);
export const SUMMARY = String(defaultOf(OP, 'automatedResults'));
export const DETAIL = (() => {
  const others = allowedValues(OP, 'automatedResults').filter((value) => value !== SUMMARY);
  if (others.length !== 1) throw new Error(`spec/openapi.yaml: ${OP} automatedResults should have one non-default value`);
  return others[0]!;
})();
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
