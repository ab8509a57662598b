import fc from 'fast-check';
import { allowedValues, searchMethod } from '../../generators';
import { defineCheck } from '../../harness/core';
import { sameSet, setDifference } from '../../harness/oracles';
import { searchAllIds, withExplored } from '../shared/search';
import { groupId, idSet, withEveryGroup } from './discovery';
import { judgeFilter } from '../shared/traffic';
import { filterValues, OP } from './group-filters';
import { groupIDsRule } from './traffic-filters';
import { statusSelections } from './status-selections';
import { groupsExploration } from './exploration';
import { groupIDsJudge } from './explored-judges';

export default defineCheck({
  rule: 'groups.search.groupIDs.filter',
  title: 'groupIDs returns exactly the listed groups within the status filter',
  run: withExplored(withEveryGroup(async (groups, ctx) => {
    const ids = groups.map(groupId).filter((id): id is number => typeof id === 'number');
    if (ids.length < 2) return ctx.judge.inconclusive(`the target has ${ids.length} group(s) with an integer ID`);
    const absent = Math.max(...ids) + 1000;
    const selections = await statusSelections(ctx);
    if (typeof selections === 'string') return ctx.judge.inconclusive(selections);
    const arbitrary = fc.tuple(
      fc.subarray(ids, { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      fc.option(fc.constantFrom(...allowedValues(OP, 'status')), { nil: undefined }),
      searchMethod,
    );
    await ctx.judge.property(arbitrary, async ([listed, withAbsent, status, method], sample) => {
      const groupIDs = withAbsent ? [...listed, absent] : listed;
      const params = { type: filterValues('type').widest, groupIDs, ...(status === undefined ? {} : { status }) };
      const found = await searchAllIds(ctx, OP, params, { method });
      if (!found.complete) sample.inconclusive(`could not page through groupIDs=${groupIDs.join(',')}: ${found.stoppedBecause}`);
      const selected = selections.get(status)!;
      const expected = groups.filter((g) => listed.includes(groupId(g) as number) && selected.has(groupId(g)));
      const diff = setDifference(idSet(expected), new Set(found.ids));
      sample.expect(sameSet(diff), {
        title: `groupIDs=${JSON.stringify(groupIDs)}${status === undefined ? '' : ` status=${status}`} returns exactly the ${expected.length} listed groups of that status`,
        expected: [...idSet(expected)], actual: found.ids, response: found.pages.at(-1)!,
      });
    }, { numRuns: 15 });
  }), groupsExploration, () => groupIDsJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, groupIDsRule()),
});
