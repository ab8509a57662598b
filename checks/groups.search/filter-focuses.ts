/** What each groups/search filter rule's driver gives and compares (filter-driver.ts), from the spec and the target's groups. */
import fc from 'fast-check';
import { nameFragment, textProbe } from '../../generators';
import { readBoolean } from '../../harness/oracles';
import { without } from '../../drivers';
import { fragmentableNames, groupOwners, integerIds } from './discovery';
import { absentId, groupIdLists } from './exploration';
import type { FilterFocus } from './filter-driver';
import { filterValues, type GroupEnumFilter, type Params, type SearchRecord } from '../../harness/model';
import { everyGroup } from './group-filters';

/** A filter compared with the same search without it. */
const leftOut = (param: string) => (params: Params): Params => without(params, param);

/** status or type at each selecting value, compared with the same search at the widest value. */
export function enumFocus(param: GroupEnumFilter): FilterFocus {
  const { selecting, widest } = filterValues(param);
  return {
    param,
    values: () => fc.constantFrom(...selecting),
    reference: (params) => ({ ...params, [param]: widest }),
    // Each value alone, and each value with a groupName that names groups of several values: a filter lost
    // only in combination with another shows there, whatever the exploration draws.
    cases: (groups) => {
      const fragment = fragmentAcross(groups, param);
      return selecting.flatMap((value) => [{ ...everyGroup(), [param]: value }, ...(fragment ? [{ ...everyGroup(), [param]: value, groupName: fragment }] : [])]);
    },
  };
}

/**
 * A piece of the groups' names (three letters or digits, as written) that the names of groups of the most values
 * of `param` contain; none when no piece is shared by groups of two values.
 */
function fragmentAcross(groups: readonly SearchRecord[], param: GroupEnumFilter): string | undefined {
  const valuesOf = new Map<string, Set<string>>();
  for (const group of groups) {
    const name = typeof group.groupName === 'string' ? group.groupName : '';
    for (let at = 0; at + 3 <= name.length; at += 1) {
      const piece = name.slice(at, at + 3);
      if (!/^[A-Za-z0-9]{3}$/.test(piece)) continue;
      const values = valuesOf.get(piece) ?? new Set<string>();
      values.add(String(group[param]));
      valuesOf.set(piece, values);
    }
  }
  const [best] = [...valuesOf].sort(([a, x], [b, y]) => y.size - x.size || a.localeCompare(b));
  return best && best[1].size >= 2 ? best[0] : undefined;
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
