/** The groups/search filters and their defaults as traffic judges read them (checks/shared/traffic judgeFilter). */
import { defaultOf } from '../../generators';
import type { RecordedExchange } from '../../harness/core';
import { containsText, readBoolean, readInteger, sameText } from '../../harness/oracles';
import type { Params } from '../shared/search';
import { allowedSpelling, fromReference, listOf, sendsOnly, type FilterRule } from '../shared/traffic';
import { groupId, nameOf } from './discovery';
import { filterValues, matchesValue, OP, type GroupEnumFilter } from './group-filters';

/** The other enum filter of status and type (each judged with any value of the other, as the live checks send it at its widest). */
const otherOf = (param: GroupEnumFilter): GroupEnumFilter => (param === 'status' ? 'type' : 'status');

/** The request's parameters with one replaced (or left out, with undefined). */
const withParam = (exchange: RecordedExchange, name: string, value: unknown): Params => ({ ...exchange.params, [name]: value });

/** status or type at a value: its groups only; read whole, exactly the groups of that value in the search at the widest value. */
export function enumFilterRule(param: GroupEnumFilter): FilterRule<string> {
  const { selecting, widest } = filterValues(param);
  return {
    valueOf: (e) => (sendsOnly(e, [param, otherOf(param)]) ? allowedSpelling(OP, param, e.params[param]) : undefined),
    member: (group, value) => matchesValue(group, param, value),
    expected: (walk, value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, param, widest), (group) => matchesValue(group, param, value)),
    untelling: (expected, value) => (expected.length === 0 ? `no group has ${param} ${value}` : undefined),
    caseOf: (value) => value,
    cases: selecting,
    needsComparison: true,
    describe: (value) => `${param}=${value}`,
    none: `no search with ${param} (and no filter but ${otherOf(param)})`,
  };
}

/** Without status: Active groups only; read whole, exactly the Active groups of the same search with status=All. */
export function statusDefaultRule(): FilterRule<string> {
  const status = String(defaultOf(OP, 'status'));
  return {
    valueOf: (e) => (e.params.status === undefined && sendsOnly(e, ['type']) ? status : undefined),
    member: (group) => matchesValue(group, 'status', status),
    expected: (walk, _value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'status', filterValues('status').widest), (group) => matchesValue(group, 'status', status)),
    untelling: (expected, _value, reference) => (expected.length === reference.records.length ? `every group of the search has status ${status}: nothing to hide by default` : undefined),
    needsComparison: true,
    describe: () => 'a search without status',
    none: 'no search without status (and no filter but type)',
  };
}

/** Without type: groups of every type; read whole, exactly the groups of the same search with type=All. */
export function typeDefaultRule(): FilterRule<string> {
  const { widest } = filterValues('type');
  return {
    valueOf: (e) => (e.params.type === undefined && sendsOnly(e, ['status']) ? widest : undefined),
    expected: (walk, _value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'type', widest), () => true),
    untelling: (_expected, _value, reference) => {
      const types = filterValues('type').selecting.filter((t) => reference.records.some((group) => sameText(group.type, t)));
      return types.length < 2 ? `the groups of the search are of ${types.length} type(s) only` : undefined;
    },
    needsComparison: true,
    describe: () => 'a search without type',
    none: 'no search without type (and no filter but status)',
  };
}

/** private=0: displayed groups only, and some when the search holds any (what private=1 selects is not written, so it is not judged). */
export function privateFilterRule(): FilterRule<false> {
  return {
    valueOf: (e) => (readBoolean(e.params.private) === false && sendsOnly(e, ['private', 'status', 'type']) ? false : undefined),
    member: (group) => readBoolean(group.private) === false,
    expected: (walk, _value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'private', undefined), (group) => readBoolean(group.private) === false),
    mode: 'some',
    untelling: (expected) => (expected.length === 0 ? 'no group of the search has private false' : undefined),
    needsComparison: true,
    describe: () => 'private=0',
    none: 'no search with private=0 (and no filter but status and type)',
  };
}

/** groupName: names containing it (case aside); read whole, every group of the search whose name holds it as written. */
export function groupNameRule(): FilterRule<string> {
  return {
    valueOf: (e) => (typeof e.params.groupName === 'string' && e.params.groupName !== '' && sendsOnly(e, ['groupName', 'status', 'type']) ? e.params.groupName : undefined),
    member: (group, fragment) => containsText(nameOf(group), fragment),
    expected: (walk, fragment, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'groupName', undefined), (group) => nameOf(group).includes(fragment)),
    mode: 'covers',
    untelling: (expected, fragment) => (expected.length === 0 ? `no group of the search has a name containing ${JSON.stringify(fragment)}` : undefined),
    needsComparison: true,
    describe: (fragment) => `groupName=${JSON.stringify(fragment)}`,
    none: 'no search with groupName (and no filter but status and type)',
  };
}

/** groupIDs: the listed groups only; read whole, exactly the listed groups of the search without groupIDs. */
export function groupIDsRule(): FilterRule<number[]> {
  const listed = (e: RecordedExchange): number[] | undefined => {
    const ids = listOf(e.params.groupIDs)?.map(readInteger);
    return ids && ids.length > 0 && ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
  };
  return {
    valueOf: (e) => (sendsOnly(e, ['groupIDs', 'status', 'type']) ? listed(e) : undefined),
    member: (group, ids) => ids.includes(readInteger(groupId(group)) as number),
    expected: (walk, ids, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'groupIDs', undefined), (group) => ids.includes(readInteger(groupId(group)) as number)),
    needsComparison: true,
    describe: (ids) => `groupIDs=${ids.join(',')}`,
    none: 'no search with groupIDs (and no filter but status and type)',
  };
}
