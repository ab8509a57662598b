import fc from 'fast-check';
import { allowedValues, nameFragment, searchMethod } from '../../generators';
import { defineCheck } from '../../harness/core';
import { containsText } from '../../harness/oracles';
import { searchAllIds, withExplored } from '../shared/search';
import { fragmentableNames, groupId, nameOf, withEveryGroup } from './discovery';
import { judgeFilter } from '../shared/traffic';
import { filterValues, OP } from './group-filters';
import { groupNameRule } from './traffic-filters';
import { statusSelections } from './status-selections';
import { groupsExploration } from './exploration';
import { groupNameJudge } from './explored-judges';

export default defineCheck({
  rule: 'groups.search.groupName.contains',
  title: 'groupName returns exactly the groups whose name contains it',
  run: withExplored(withEveryGroup(async (groups, ctx) => {
    const names = fragmentableNames(groups);
    if (names.length === 0) return ctx.judge.inconclusive('no group has a name of two characters or more');
    const selections = await statusSelections(ctx);
    if (typeof selections === 'string') return ctx.judge.inconclusive(selections);
    const statuses = fc.option(fc.constantFrom(...allowedValues(OP, 'status')), { nil: undefined });
    await ctx.judge.property(fc.tuple(nameFragment(names), statuses, searchMethod), async ([fragment, status, method], sample) => {
      const selected = selections.get(status)!;
      const within = groups.filter((g) => selected.has(groupId(g)));
      const params = { type: filterValues('type').widest, groupName: fragment, ...(status === undefined ? {} : { status }) };
      const found = await searchAllIds(ctx, OP, params, { method });
      if (!found.complete) sample.inconclusive(`could not page through groupName=${fragment}: ${found.stoppedBecause}`);
      const last = found.pages.at(-1)!;
      const foreign = found.records.filter((g) => !containsText(nameOf(g), fragment));
      sample.expect(foreign.length === 0, {
        title: `every group returned for groupName=${JSON.stringify(fragment)} contains it (letter case aside)`,
        expected: `names containing ${JSON.stringify(fragment)}`, actual: foreign.slice(0, 8).map(nameOf), response: last,
      });
      const returned = new Set(found.ids);
      const missed = within.filter((g) => nameOf(g).includes(fragment) && !returned.has(groupId(g)));
      sample.expect(missed.length === 0, {
        title: `every group${status === undefined ? '' : ` of status ${status}`} whose name contains ${JSON.stringify(fragment)} is returned`,
        expected: 'all of them', actual: { missing: missed.slice(0, 8).map(nameOf), returned: found.records.length }, response: last,
      });
    }, { numRuns: 15 });
  }), groupsExploration, () => groupNameJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, groupNameRule()),
});
