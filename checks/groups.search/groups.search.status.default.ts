import { defaultOf } from '../../generators';
import { defineCheck } from '../../harness/core';
import { sameSet, setDifference } from '../../harness/oracles';
import { searchAllIds, withExplored } from '../shared/search';
import { describeGroups, idSet, withEveryGroup } from './discovery';
import { judgeFilter } from '../shared/traffic';
import { filterValues, matchesValue, OP } from './group-filters';
import { statusDefaultRule } from './traffic-filters';
import { groupsExploration } from './exploration';
import { statusDefaultJudge } from './explored-judges';

export default defineCheck({
  rule: 'groups.search.status.default',
  title: 'without status exactly the groups of the default status are returned',
  run: withExplored(withEveryGroup(async (groups, ctx) => {
    const status = String(defaultOf(OP, 'status'));
    const expected = groups.filter((g) => matchesValue(g, 'status', status));
    if (expected.length === groups.length) {
      return ctx.judge.inconclusive(`every group of the target has status ${status}: nothing that should be hidden by default`);
    }
    const plain = await searchAllIds(ctx, OP, { type: filterValues('type').widest });
    if (!plain.complete) return ctx.judge.inconclusive(`could not page through the search without status: ${plain.stoppedBecause}`);
    const diff = setDifference(idSet(expected), new Set(plain.ids));
    ctx.judge.check(sameSet(diff), {
      title: `without status, exactly the ${expected.length} groups of status ${status} (of ${groups.length}) are returned`,
      expected: `${expected.length} groups of status ${status}`,
      actual: { missing: describeGroups(groups, diff.missing, 'status'), unexpected: describeGroups(groups, diff.unexpected, 'status') },
      response: plain.pages.at(-1)!,
    });
  }), groupsExploration, () => statusDefaultJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, statusDefaultRule()),
});
