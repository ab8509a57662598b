// @silent-point groups.private-1 groups.userID-access
/**
 * The groups/search filters and their defaults as their judges read them (checks/shared/judges judgeFilter).
 * Each judges every search that carried its filter (or left its defaulted parameter out), whatever else
 * the search carried: every group returned belongs to what the filter asked for, and a search read whole
 * is compared with the same search with the filter widened or left out, read whole (the other filters
 * narrow both alike). Only successes whose token was in the header alone are judged.
 */
import { defaultOf } from '../../generators';
import type { RecordedExchange } from '../../harness/check';
import { containsText, readBoolean, readInteger, referencedID, sameText } from '../../harness/oracles';
import type { Params } from '../../drivers';
import { allowedSpelling, fromReference, headerOnly, listOf, type FilterRule } from '../shared/judges';
import { groupId, nameOf } from './discovery';
import { filterValues, matchesValue, OP, type GroupEnumFilter } from './group-filters';

/** The request's parameters with one replaced (or left out, with undefined). */
const withParam = (exchange: RecordedExchange, name: string, value: unknown): Params => ({ ...exchange.params, [name]: value });

/** status or type at a selecting value: its groups only; read whole, exactly the groups of that value in the same search at the widest value. */
export function enumFilterRule(param: GroupEnumFilter): FilterRule<string> {
  const { selecting, widest } = filterValues(param);
  return {
    valueOf: (e) => {
      const value = headerOnly(e) ? allowedSpelling(OP, param, e.params[param]) : undefined;
      return value !== undefined && selecting.includes(value) ? value : undefined;
    },
    member: (group, value) => matchesValue(group, param, value),
    expected: (walk, value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, param, widest), (group) => matchesValue(group, param, value)),
    untelling: (expected, value) => (expected.length === 0 ? `no group of the search has ${param} ${value}` : undefined),
    caseOf: (value) => value,
    cases: selecting,
    needsComparison: true,
    describe: (value) => `${param}=${value}`,
    none: `no search with ${param} ${selecting.join(' or ')}`,
  };
}

/** Without status: Active groups only; read whole, exactly the Active groups of the same search with status=All. */
export function statusDefaultRule(): FilterRule<string> {
  const status = String(defaultOf(OP, 'status'));
  return {
    valueOf: (e) => (e.params.status === undefined && headerOnly(e) ? status : undefined),
    member: (group) => matchesValue(group, 'status', status),
    expected: (walk, _value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'status', filterValues('status').widest), (group) => matchesValue(group, 'status', status)),
    untelling: (expected, _value, reference) => (expected.length === reference.records.length ? `every group of the search has status ${status}: nothing to hide by default` : undefined),
    needsComparison: true,
    describe: () => 'a search without status',
    none: 'no search without status',
  };
}

/** Without type: groups of every type; read whole, exactly the groups of the same search with type=All. */
export function typeDefaultRule(): FilterRule<string> {
  const { widest } = filterValues('type');
  return {
    valueOf: (e) => (e.params.type === undefined && headerOnly(e) ? widest : undefined),
    expected: (walk, _value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'type', widest), () => true),
    untelling: (_expected, _value, reference) => {
      const types = filterValues('type').selecting.filter((t) => reference.records.some((group) => sameText(group.type, t)));
      return types.length < 2 ? `the groups of the search are of ${types.length} type(s) only` : undefined;
    },
    needsComparison: true,
    describe: () => 'a search without type',
    none: 'no search without type',
  };
}

/** private=0: displayed groups only, and some when the search holds any (what private=1 selects is not written, so it is not judged). */
export function privateFilterRule(): FilterRule<false> {
  return {
    valueOf: (e) => (readBoolean(e.params.private) === false && headerOnly(e) ? false : undefined),
    member: (group) => readBoolean(group.private) === false,
    expected: (walk, _value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'private', undefined), (group) => readBoolean(group.private) === false),
    mode: 'some',
    untelling: (expected) => (expected.length === 0 ? 'no group of the search has private false' : undefined),
    needsComparison: true,
    describe: () => 'private=0',
    none: 'no search with private=0',
  };
}

/** groupName: names containing it (case aside); read whole, every group of the same search without it whose name holds it as written. */
export function groupNameRule(): FilterRule<string> {
  return {
    valueOf: (e) => (typeof e.params.groupName === 'string' && e.params.groupName !== '' && headerOnly(e) ? e.params.groupName : undefined),
    member: (group, fragment) => containsText(nameOf(group), fragment),
    expected: (walk, fragment, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'groupName', undefined), (group) => nameOf(group).includes(fragment)),
    mode: 'covers',
    untelling: (expected, fragment) => (expected.length === 0 ? `no group of the search has a name containing ${JSON.stringify(fragment)}` : undefined),
    needsComparison: true,
    describe: (fragment) => `groupName=${JSON.stringify(fragment)}`,
    none: 'no search with groupName',
  };
}

/** groupIDs: the listed groups only; read whole, exactly the listed groups of the same search without groupIDs. */
export function groupIDsRule(): FilterRule<number[]> {
  const listed = (e: RecordedExchange): number[] | undefined => {
    const ids = listOf(e.params.groupIDs)?.map(readInteger);
    return ids && ids.length > 0 && ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
  };
  return {
    valueOf: (e) => (headerOnly(e) ? listed(e) : undefined),
    member: (group, ids) => ids.includes(readInteger(groupId(group)) as number),
    expected: (walk, ids, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'groupIDs', undefined), (group) => ids.includes(readInteger(groupId(group)) as number)),
    needsComparison: true,
    describe: (ids) => `groupIDs=${ids.join(',')}`,
    none: 'no search with groupIDs',
  };
}

/**
 * userID: read whole, every group of the same search without userID that belongs to the user ("ID of the
 * system user the group belongs to"). Whether the user also has access to other users' groups is silent,
 * so groups of others are never a fault.
 */
export function userIDRule(): FilterRule<number> {
  return {
    valueOf: (e) => (headerOnly(e) ? readInteger(e.params.userID) : undefined),
    expected: (walk, userID, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'userID', undefined), (group) => referencedID(group.userID) === userID),
    mode: 'covers',
    untelling: (expected, userID) => (expected.length === 0 ? `no group of the search belongs to user ${userID}` : undefined),
    needsComparison: true,
    describe: (userID) => `userID=${userID}`,
    none: 'no search with userID',
  };
}
