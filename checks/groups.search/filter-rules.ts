// @silent-point groups.private-1 groups.userID-access
/**
 * The groups/search filter rules and their defaults, each on the model's reading of its filter
 * (harness/model groupsSearchFilters; checks/shared/judges judgeFilter). Each judges every search that
 * asked its filter (or left its defaulted parameter out), whatever else the search asked: no group the
 * filter forbids comes back; and a search read whole is compared with the same search with the filter
 * widened or left out, read whole (the other filters narrow both alike): every group the filter requires
 * of it is there. Only successes whose token was in the header alone are judged.
 */
import { headerOnly, type RecordedExchange } from '../../harness/check';
import { filterValues, groupsSearchFilters, required, type GroupEnumFilter, type Params } from '../../harness/model';
import { sameText } from '../../harness/oracles';
import { fromReference, type FilterRule } from '../shared/judges';
import { OP } from './group-filters';

const FILTERS = groupsSearchFilters;

/** The request's parameters with one replaced (or left out, with undefined). */
const withParam = (exchange: RecordedExchange, name: string, value: unknown): Params => ({ ...exchange.params, [name]: value });

/** The value a header-token request sent for the filter, as the model reads it. */
const sentValue = <V>(filter: { asked(params: Params): V | undefined }, name: string) => (e: RecordedExchange): V | undefined =>
  headerOnly(e) && e.params[name] !== undefined ? filter.asked(e.params) : undefined;

/** status or type at a selecting value: its groups only; read whole, exactly the groups of that value in the same search at the widest value. */
export function enumFilterRule(param: GroupEnumFilter): FilterRule<string> {
  const { selecting, widest } = filterValues(param);
  const filter = FILTERS[param];
  return {
    comparedValue: (e) => {
      const value = sentValue(filter, param)(e);
      return value !== undefined && selecting.includes(value) ? value : undefined;
    },
    membership: { filter, when: 'sent' },
    expected: (walk, value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, param, widest), (group) => required(filter, group, value)),
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
  const filter = FILTERS.status;
  return {
    comparedValue: (e) => (e.params.status === undefined && headerOnly(e) ? filter.asked(e.params) : undefined),
    membership: { filter, when: 'omitted' },
    expected: (walk, value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'status', filterValues('status').widest), (group) => required(filter, group, value)),
    untelling: (expected, value, reference) => (expected.length === reference.records.length ? `every group of the search has status ${value}: nothing to hide by default` : undefined),
    needsComparison: true,
    describe: () => 'a search without status',
    none: 'no search without status',
  };
}

/** Without type: groups of every type; read whole, exactly the groups of the same search with type=All. */
export function typeDefaultRule(): FilterRule<string> {
  const { widest } = filterValues('type');
  return {
    comparedValue: (e) => (e.params.type === undefined && headerOnly(e) ? widest : undefined),
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

/**
 * private=0: displayed groups only (membership), and every displayed group of the same search without it (interface.md, Group: "When true, the group is
 * not displayed": every group with private false is displayed, so private=0 returns each; what it leaves out is
 * judged as well as what it returns). What private=1 selects is not written, so it is not judged.
 */
export function privateFilterRule(): FilterRule<false> {
  const filter = FILTERS.private;
  return {
    comparedValue: (e) => (sentValue(filter, 'private')(e) === false ? false : undefined),
    membership: { filter, when: 'sent' },
    expected: (walk, value, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'private', undefined), (group) => filter.admits(group, value) === true),
    mode: 'covers',
    untelling: (expected) => (expected.length === 0 ? 'no group of the search has private false' : undefined),
    needsComparison: true,
    describe: () => 'private=0',
    none: 'no search with private=0',
  };
}

/** groupName: names containing it (case aside); read whole, every group of the same search without it whose name holds it as written. */
export function groupNameRule(): FilterRule<string> {
  const filter = FILTERS.groupName;
  return {
    comparedValue: sentValue(filter, 'groupName'),
    membership: { filter, when: 'sent' },
    expected: (walk, fragment, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'groupName', undefined), (group) => required(filter, group, fragment)),
    mode: 'covers',
    untelling: (expected, fragment) => (expected.length === 0 ? `no group of the search has a name containing ${JSON.stringify(fragment)}` : undefined),
    needsComparison: true,
    describe: filter.describe,
    none: 'no search with groupName',
  };
}

/** groupIDs: the listed groups only; read whole, exactly the listed groups of the same search without groupIDs. */
export function groupIDsRule(): FilterRule<number[]> {
  const filter = FILTERS.groupIDs;
  return {
    comparedValue: sentValue(filter, 'groupIDs'),
    membership: { filter, when: 'sent' },
    expected: (walk, ids, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'groupIDs', undefined), (group) => required(filter, group, ids)),
    needsComparison: true,
    describe: filter.describe,
    none: 'no search with groupIDs',
  };
}

/**
 * userID: read whole, every group of the same search without userID that belongs to the user ("ID of the
 * system user the group belongs to"). Whether the user also has access to other users' groups is silent,
 * so groups of others are never a fault.
 */
export function userIDRule(): FilterRule<number> {
  const filter = FILTERS.userID;
  return {
    comparedValue: sentValue(filter, 'userID'),
    expected: (walk, userID, traffic) => fromReference(traffic, OP, withParam(walk.pages[0]!, 'userID', undefined), (group) => required(filter, group, userID)),
    mode: 'covers',
    untelling: (expected, userID) => (expected.length === 0 ? `no group of the search belongs to user ${userID}` : undefined),
    needsComparison: true,
    describe: filter.describe,
    none: 'no search with userID',
  };
}
