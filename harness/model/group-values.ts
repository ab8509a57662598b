/**
 * A group record as the model reads it (its ID and name), and the groups/search values that name a record
 * value: which status/type parameter values select one, and the one that selects every group ("All").
 * Derived from the spec alone.
 */
import { allowedValues } from '../../generators';
import { componentSchema, loadSpec, operationInfo, resolveSchema } from '../contract';
import { readInteger, sameText, type SearchRecord } from '../oracles';

const OP = 'groups.search';

export const groupID = (group: SearchRecord): number | undefined => readInteger(group.groupID);
export const groupNameOf = (group: SearchRecord): string => (typeof group.groupName === 'string' ? group.groupName : '');

/** The two filters whose values name a record value (Group.status: Active, Archived; Group.type: Static, Dynamic). */
export type GroupEnumFilter = 'status' | 'type';

/** The record field's enum. */
function recordEnum(field: string): string[] {
  const spec = loadSpec();
  const name = operationInfo(OP).payload.records;
  if (!name) throw new Error(`spec/openapi.yaml: ${OP} has no x-payload.records`);
  const values = resolveSchema(spec, componentSchema(spec, name)).properties?.[field]?.enum;
  if (!values) throw new Error(`spec/openapi.yaml: ${name}.${field} has no enum`);
  return values.map(String);
}

const filterValueCache = new Map<GroupEnumFilter, { selecting: string[]; widest: string }>();

/**
 * The parameter values that select one record value (compared case-insensitively), and the one value
 * that selects every record (the parameter value no record carries: "All").
 */
export function filterValues(param: GroupEnumFilter): { selecting: string[]; widest: string } {
  const cached = filterValueCache.get(param);
  if (cached) return cached;
  const recordValues = recordEnum(param);
  const allowed = allowedValues(OP, param);
  const selecting = allowed.filter((v) => recordValues.some((r) => sameText(r, v)));
  const widest = allowed.filter((v) => !selecting.includes(v));
  if (widest.length !== 1) throw new Error(`spec/openapi.yaml: ${OP} ${param} has no single widest value (${widest.join(', ')})`);
  const values = { selecting, widest: widest[0]! };
  filterValueCache.set(param, values);
  return values;
}

/** Whether a group's record value matches a status/type parameter value (the widest matches all). */
export function matchesValue(group: SearchRecord, param: GroupEnumFilter, value: unknown): boolean {
  return sameText(value, filterValues(param).widest) || sameText(group[param], value);
}
