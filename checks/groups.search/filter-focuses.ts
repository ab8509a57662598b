/** What each groups/search filter rule's driver gives and compares (filter-driver.ts), from the spec and the target's groups. */
import fc from 'fast-check';
import { nameFragment, textProbe } from '../../generators';
import { readBoolean } from '../../harness/oracles';
import { without, type Params } from '../../drivers';
import { fragmentableNames, groupOwners, integerIds } from './discovery';
import { absentId, groupIdLists } from './exploration';
import type { FilterFocus } from './filter-driver';
import { everyGroup, filterValues, type GroupEnumFilter } from './group-filters';

/** A filter compared with the same search without it. */
const leftOut = (param: string) => (params: Params): Params => without(params, param);

/** status or type at each selecting value, compared with the same search at the widest value. */
export function enumFocus(param: GroupEnumFilter): FilterFocus {
  const { selecting, widest } = filterValues(param);
  return {
    param,
    values: () => fc.constantFrom(...selecting),
    reference: (params) => ({ ...params, [param]: widest }),
    cases: () => selecting.map((value) => ({ ...everyGroup(), [param]: value })),
  };
}

/** status or type left out (its default), compared with the same search at the widest value. */
export function defaultFocus(param: GroupEnumFilter): FilterFocus {
  const { widest } = filterValues(param);
  return {
    param,
    values: () => fc.constant(undefined),
    reference: (params) => ({ ...params, [param]: widest }),
    cases: () => [without(everyGroup(), param), {}],
  };
}

/** private=0 (the documented value), compared with the same search without private. */
export const privateFocus = (): FilterFocus => ({
  param: 'private',
  values: (groups) => (groups.some((g) => readBoolean(g.private) === false) ? fc.constant(false) : 'no group has private false'),
  reference: leftOut('private'),
  cases: () => [{ ...everyGroup(), private: false }, { private: false }],
});

/** Text cut from the groups' names, and altered with what means something to common back ends. */
export const groupNameFocus = (): FilterFocus => ({
  param: 'groupName',
  values: (groups) => (fragmentableNames(groups).length > 0 ? textProbe(fragmentableNames(groups)) : 'no group has a name of two characters or more'),
  reference: leftOut('groupName'),
  cases: (groups) => {
    const names = fragmentableNames(groups);
    if (names.length === 0) return [];
    const [one, two] = fc.sample(nameFragment(names), { seed: 7, numRuns: 2 });
    return [{ ...everyGroup(), groupName: one }, { groupName: two }];
  },
});

/** Lists of the groups' IDs (now and then with one no group has), within the widest and the default status. */
export const groupIDsFocus = (): FilterFocus => ({
  param: 'groupIDs',
  values: (groups) => (integerIds(groups).length > 0 ? groupIdLists(integerIds(groups)) : 'no group has an integer ID'),
  reference: leftOut('groupIDs'),
  cases: (groups) => {
    const ids = integerIds(groups);
    if (ids.length === 0) return [];
    const listed = ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / 4)) === 0).slice(0, 4);
    return [{ ...everyGroup(), groupIDs: listed }, { groupIDs: [...listed, absentId(ids)] }];
  },
});

/** The users the groups belong to, each within the widest search, one within the defaults. */
export const userIDFocus = (): FilterFocus => ({
  param: 'userID',
  values: (groups) => (groupOwners(groups).length > 0 ? fc.constantFrom(...groupOwners(groups)) : 'no group names the user it belongs to'),
  reference: leftOut('userID'),
  cases: (groups) => {
    const owners = groupOwners(groups).slice(0, 3);
    return [...owners.map((userID) => ({ ...everyGroup(), userID })), ...owners.slice(0, 1).map((userID) => ({ userID }))];
  },
});
