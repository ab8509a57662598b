import { defineCheck } from '../../harness/core';
import { groupId, nameOf, withEveryGroup } from './discovery';

export default defineCheck({
  rule: 'groups.record.name-unique',
  title: 'no two groups share a groupName',
  run: withEveryGroup(async (groups, ctx) => {
    if (groups.length < 2) return ctx.judge.inconclusive(`the target has ${groups.length} group(s)`);
    const byName = new Map<string, unknown[]>();
    for (const g of groups) byName.set(nameOf(g), [...(byName.get(nameOf(g)) ?? []), groupId(g)]);
    const shared = [...byName.entries()].filter(([, ids]) => ids.length > 1).map(([groupName, groupIDs]) => ({ groupName, groupIDs }));
    ctx.judge.check(shared.length === 0, {
      title: `the ${groups.length} groups (every status) have distinct names`, expected: 'no shared name', actual: shared,
    });
  }),
});
