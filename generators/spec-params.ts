import { operationInfo, operationParameters, type ParamSchema } from '../harness/contract';
import type { OperationKey } from '../harness/types';

/** The spec's schema of one parameter of an operation; a missing parameter is a spec error. */
export function param(op: OperationKey, name: string): ParamSchema {
  const schema = operationParameters(op)[name];
  if (!schema) throw new Error(`spec/openapi.yaml: ${op} has no parameter "${name}"`);
  return schema;
}

/** Allowed values of an enum parameter (or of the items of an array parameter). */
export function allowedValues(op: OperationKey, name: string): string[] {
  const schema = param(op, name);
  const values = schema.enum ?? schema.items?.enum;
  if (!values) throw new Error(`spec/openapi.yaml: ${op} parameter "${name}" has no enum`);
  return values.map(String);
}

/** Documented default of a parameter (undefined when the spec gives none). */
export function defaultOf(op: OperationKey, name: string): unknown {
  return param(op, name).default;
}

export interface IntegerBounds {
  min: number;
  max?: number;
}

/** Inclusive bounds of an integer parameter (or of an array's item count: minItems/maxItems). */
export function boundsOf(op: OperationKey, name: string): IntegerBounds {
  const schema = param(op, name);
  const min = schema.minimum ?? schema.minItems;
  const max = schema.maximum ?? schema.maxItems;
  if (min === undefined) throw new Error(`spec/openapi.yaml: ${op} parameter "${name}" has no lower bound`);
  return max === undefined ? { min } : { min, max };
}

/** The longest dateSentEnd − dateSentStart window emails/search accepts, in months (x-max-window-months). */
export function windowLimitMonths(): number {
  const months = operationInfo('emails.search').paramsExtensions['x-max-window-months'];
  if (typeof months !== 'number') throw new Error('spec/openapi.yaml: EmailsSearchParams has no x-max-window-months');
  return months;
}

/** How many months before now the default dateSentStart lies (x-default-months-before-now). */
export function defaultWindowMonths(): number {
  const months = param('emails.search', 'dateSentStart')['x-default-months-before-now'];
  if (typeof months !== 'number') throw new Error('spec/openapi.yaml: dateSentStart has no x-default-months-before-now');
  return months;
}
