/** The emails/search values the model's readings turn on, named by the spec (never retyped): delivery types, default statuses, results. */
import { allowedValues, defaultOf, param } from '../../generators';

const OP = 'emails.search';

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

/** The documented default status list ([sent]). */
export const DEFAULT_STATUSES = (defaultOf(OP, 'status') as unknown[]).map(String);
export const SUMMARY = String(defaultOf(OP, 'automatedResults'));
export const DETAIL = (() => {
  const others = allowedValues(OP, 'automatedResults').filter((value) => value !== SUMMARY);
  if (others.length !== 1) throw new Error(`spec/openapi.yaml: ${OP} automatedResults should have one non-default value`);
  return others[0]!;
})();
