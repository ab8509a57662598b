/**
 * groups/search filter values: which parameter values select a record value and which is the widest ("All"),
 * the widest search, and the enum parameters. Derived from the spec alone: no knowledge of any seed.
 */
import { allowedValues } from '../../generators';
import { operationParameters } from '../../harness/contract';
import { sameText } from '../../harness/oracles';
import { recordSchema, type Params, type SearchOp, type SearchRecord } from '../../drivers';

export const OP = 'groups.search' satisfies SearchOp;

/** The two filters whose values name a record value (Group.status: Active, Archived; Group.type: Static, Dynamic). */
export type GroupEnumFilter = 'status' | 'type';

/** The record field's enum. */
function recordEnum(field: string): string[] {
  const values = recordSchema(OP).properties?.[field]?.enum;
  if (!values) throw new Error(`spec/openapi.yaml: Group.${field} has no enum`);
  return values.map(String);
}

/**
 * The parameter values that select one record value (compared case-insensitively), and the one value
 * that selects every record (the parameter value no record carries: "All").
 */
export function filterValues(param: GroupEnumFilter): { selecting: string[]; widest: string } {
  const recordValues = recordEnum(param);
  const allowed = allowedValues(OP, param);
  const selecting = allowed.filter((v) => recordValues.some((r) => sameText(r, v)));
  const widest = allowed.filter((v) => !selecting.includes(v));
  if (widest.length !== 1) throw new Error(`spec/openapi.yaml: ${OP} ${param} has no single widest value (${widest.join(', ')})`);
  return { selecting, widest: widest[0]! };
}

/** Parameters of the search with every default filter at its widest: every group of the target. */
export const everyGroup = (): Params => ({ status: filterValues('status').widest, type: filterValues('type').widest });

/** Whether a group's record value matches a status/type parameter value (the widest matches all). */
export function matchesValue(group: SearchRecord, param: GroupEnumFilter, value: unknown): boolean {
  return sameText(value, filterValues(param).widest) || sameText(group[param], value);
}

/** The enum parameters of the search (status, type, sortField, sortDirection), from the spec. */
export function enumParams(): string[] {
  return Object.entries(operationParameters(OP))
    .filter(([, schema]) => schema.enum !== undefined || schema.items?.enum !== undefined)
    .map(([name]) => name);
}
