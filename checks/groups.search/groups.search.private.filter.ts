import { defineCheck } from '../../harness/core';
import { readBoolean } from '../../harness/oracles';
import { searchAllIds } from '../shared/search';
import { groupId, withEveryGroup } from './discovery';
import { everyGroup, OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.private.filter',
  title: 'private=0 returns only displayed groups, private=1 only private ones',
  run: withEveryGroup(async (groups, ctx) => {
    for (const value of [false, true]) {
      const matching = groups.filter((g) => readBoolean(g.private) === value);
      if (matching.length === 0) {
        ctx.judge.inconclusive(`no group has private ${value}`);
        continue;
      }
      const found = await searchAllIds(ctx, OP, { ...everyGroup(), private: value });
      if (!found.complete) {
        ctx.judge.inconclusive(`could not page through private=${value}: ${found.stoppedBecause}`);
        continue;
      }
      const misfits = found.records.filter((g) => readBoolean(g.private) !== value);
      ctx.judge.check(misfits.length === 0 && found.records.length > 0, {
        title: `private=${value ? 1 : 0} returns only (and some of the ${matching.length}) groups with private ${value}`,
        expected: `groups with private ${value}`,
        actual: { returned: found.records.length, misfits: misfits.slice(0, 8).map((g) => ({ groupID: groupId(g), private: g.private })) },
        response: found.pages.at(-1)!,
      });
    }
  }),
});
