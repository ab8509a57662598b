import type { CheckContext } from '../../harness/core';
import { sameSet, setDifference } from '../../harness/oracles';
import { searchAllIds } from '../shared/search';
import { describeGroups, everyGroupOrInconclusive, idSet } from './discovery';
import { everyGroup, filterValues, matchesValue, OP, type GroupEnumFilter } from './group-filters';

/**
 * `status` or `type` at each of its selecting values returns exactly the discovered groups of that value
 * (compared with every group of the target). Each value without a group is inconclusive.
 */
export async function checkExactFilter(ctx: CheckContext, param: GroupEnumFilter): Promise<void> {
  const { judge } = ctx;
  const groups = await everyGroupOrInconclusive(ctx);
  if (!groups) return;
  for (const value of filterValues(param).selecting) {
    const expected = groups.filter((g) => matchesValue(g, param, value));
    if (expected.length === 0) {
      judge.inconclusive(`no group has ${param} ${value}`);
      continue;
    }
    const found = await searchAllIds(ctx, OP, { ...everyGroup(), [param]: value });
    if (!found.complete) {
      judge.inconclusive(`could not page through ${param}=${value}: ${found.stoppedBecause}`);
      continue;
    }
    const diff = setDifference(idSet(expected), new Set(found.ids));
    const seen = [...groups, ...found.records];
    judge.check(sameSet(diff), {
      title: `${param}=${value} returns exactly the ${expected.length} groups of ${param} ${value}`,
      expected: `${expected.length} groups`,
      actual: { missing: describeGroups(seen, diff.missing, param), unexpected: describeGroups(seen, diff.unexpected, param) },
      response: found.pages.at(-1)!,
    });
  }
}
