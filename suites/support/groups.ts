/**
 * groups/search specifics: which parameter values are filters and which is the widest ("All"), the
 * discovery of the target's groups, candidate filter values taken from them, and record predicates.
 * Everything is derived from the spec and from what the target returns: no knowledge of any seed.
 */
import fc from 'fast-check';
import { allowedValues, type FilterCandidates } from '../../generators';
import { operationParameters } from '../../harness/contract';
import {
  idField,
  readBoolean,
  recordSchema,
  sameText,
  searchAllIds,
  type Params,
  type RecordPredicate,
  type SearchCheckContext,
  type SearchOp,
  type SearchRecord,
} from './search-checks';

export const OP = 'groups.search' satisfies SearchOp;

/** The record field's enum (Group.status: Active, Archived; Group.type: Static, Dynamic). */
function recordEnum(field: string): string[] {
  const values = recordSchema(OP).properties?.[field]?.enum;
  if (!values) throw new Error(`spec/openapi.yaml: Group.${field} has no enum`);
  return values.map(String);
}

/**
 * The parameter values that select one record value (compared case-insensitively), and the one value
 * that selects every record (the parameter value no record carries: "All").
 */
export function filterValues(param: 'status' | 'type'): { selecting: string[]; widest: string } {
  const recordValues = recordEnum(param);
  const allowed = allowedValues(OP, param);
  const selecting = allowed.filter((v) => recordValues.some((r) => sameText(r, v)));
  const widest = allowed.filter((v) => !selecting.includes(v));
  if (widest.length !== 1) throw new Error(`spec/openapi.yaml: ${OP} ${param} has no single widest value (${widest.join(', ')})`);
  return { selecting, widest: widest[0]! };
}

/** Parameters of the search with every default filter at its widest: every group of the target. */
export const everyGroup = (): Params => ({ status: filterValues('status').widest, type: filterValues('type').widest });

/** The enum parameters of the search (status, type, sortField, sortDirection), from the spec. */
export function enumParams(op: SearchOp = OP): string[] {
  return Object.entries(operationParameters(op))
    .filter(([, schema]) => schema.enum !== undefined || schema.items?.enum !== undefined)
    .map(([name]) => name);
}

export interface Discovery {
  groups: SearchRecord[];
  complete: boolean;
  stoppedBecause?: string;
}

/** Every group of the target (widest status and type, rpp max, every page): a handful of requests. */
export async function discoverGroups(ctx: Pick<SearchCheckContext, 'api'>, params: Params = everyGroup()): Promise<Discovery> {
  const all = await searchAllIds(ctx, OP, params);
  return { groups: all.records, complete: all.complete, ...(all.stoppedBecause ? { stoppedBecause: all.stoppedBecause } : {}) };
}

export const groupId = (group: SearchRecord): unknown => group[idField(OP)];
export const nameOf = (group: SearchRecord): string => (typeof group.groupName === 'string' ? group.groupName : '');

/** Whether a group's record value matches a status/type parameter value (the widest matches all). */
export function matchesValue(group: SearchRecord, param: 'status' | 'type', value: unknown): boolean {
  return sameText(value, filterValues(param).widest) || sameText(group[param], value);
}

export const containsText = (name: string, fragment: string): boolean => name.toLowerCase().includes(fragment.toLowerCase());

/** Predicates of the filters whose meaning a record shows (userID: "has access to" is not in the record). */
export const GROUP_PREDICATES: Record<string, RecordPredicate> = {
  groupName: (g, v) => containsText(nameOf(g), String(v)),
  status: (g, v) => matchesValue(g, 'status', v),
  type: (g, v) => matchesValue(g, 'type', v),
  private: (g, v) => readBoolean(g.private) === v,
  groupIDs: (g, v) => Array.isArray(v) && v.includes(groupId(g)),
};

/** Letter-case variants a fragment is sent in. */
export type CaseMode = 'as-is' | 'lower' | 'upper';
const applyCase = (text: string, mode: CaseMode): string => (mode === 'lower' ? text.toLowerCase() : mode === 'upper' ? text.toUpperCase() : text);

/**
 * Fragments of discovered names: a substring of 2 to 8 characters from anywhere in a name (trimmed), sent
 * as is, lower or upper case. Whole names are included too.
 */
export function nameFragment(names: readonly string[]): fc.Arbitrary<string> {
  const usable = names.filter((n) => n.trim().length >= 2);
  if (usable.length === 0) return fc.constant('');
  return fc
    .tuple(fc.constantFrom(...usable), fc.nat(), fc.integer({ min: 2, max: 8 }), fc.constantFrom<CaseMode>('as-is', 'lower', 'upper'), fc.boolean())
    .map(([name, at, length, mode, whole]) => {
      if (whole) return applyCase(name, mode);
      const start = at % Math.max(1, name.length - 1);
      const piece = name.slice(start, start + length).trim();
      return applyCase(piece.length >= 2 ? piece : name, mode);
    });
}

/** Values a filter can take, read from the discovered groups (for the metamorphic subset check). */
export function filterCandidates(groups: readonly SearchRecord[]): FilterCandidates {
  const names = groups.map(nameOf).filter((n) => n.length >= 2);
  const fragments = fc.sample(nameFragment(names), { numRuns: 12, seed: 7 });
  const ids = groups.map(groupId).filter((id): id is number => typeof id === 'number');
  const userIDs = [...new Set(groups.map((g) => g.userID).filter((u): u is number => typeof u === 'number'))];
  const idSets = ids.length === 0 ? [] : fc.sample(fc.subarray(ids, { minLength: 1, maxLength: 6 }), { numRuns: 6, seed: 11 });
  return {
    groupName: [...new Set(fragments)].filter((f) => f.length > 0),
    status: filterValues('status').selecting,
    type: filterValues('type').selecting,
    private: [false, true],
    userID: userIDs,
    groupIDs: idSets,
  };
}

/** IDs of a list of groups as a set, and the set comparison used by the filter checks. */
export const idSet = (groups: readonly SearchRecord[]): Set<unknown> => new Set(groups.map(groupId));

export interface SetDifference {
  missing: unknown[];
  unexpected: unknown[];
}

export function setDifference(expected: Set<unknown>, actual: Set<unknown>): SetDifference {
  return { missing: [...expected].filter((id) => !actual.has(id)), unexpected: [...actual].filter((id) => !expected.has(id)) };
}

export const sameSet = (d: SetDifference): boolean => d.missing.length === 0 && d.unexpected.length === 0;
