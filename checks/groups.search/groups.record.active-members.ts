import { defineCheck } from '../../harness/core';
import { readCount } from '../../harness/oracles';
import { groupId, withEveryGroup } from './discovery';

export default defineCheck({
  rule: 'groups.record.active-members',
  title: 'activeMembers never exceeds totalMembers',
  run: withEveryGroup(async (groups, ctx) => {
    // A count written as a numeric string is read as its number: its type is schema.groups.search's business.
    const counted = groups.filter((g) => readCount(g.activeMembers) !== undefined && readCount(g.totalMembers) !== undefined);
    if (counted.length === 0) return ctx.judge.inconclusive('no group carries both member counts as numbers');
    const over = counted.filter((g) => readCount(g.activeMembers)! > readCount(g.totalMembers)!);
    ctx.judge.check(over.length === 0, {
      title: `activeMembers <= totalMembers on each of ${counted.length} groups`,
      expected: 'activeMembers <= totalMembers',
      actual: over.slice(0, 8).map((g) => ({ groupID: groupId(g), activeMembers: g.activeMembers, totalMembers: g.totalMembers })),
    });
  }),
});
