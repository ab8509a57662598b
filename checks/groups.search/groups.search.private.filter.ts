import { defineCheck } from '../../harness/core';
import { readBoolean } from '../../harness/oracles';
import { searchAllIds, withExplored } from '../shared/search';
import { groupId, withEveryGroup } from './discovery';
import { judgeFilter } from '../shared/traffic';
import { everyGroup, OP } from './group-filters';
import { privateFilterRule } from './traffic-filters';
import { groupsExploration } from './exploration';
import { privateJudge } from './explored-judges';

export default defineCheck({
  rule: 'groups.search.private.filter',
  title: 'private=0 returns only displayed groups (private=1 is noted, not judged)',
  run: withExplored(withEveryGroup(async (groups, ctx) => {
    // interface.md documents private=0 only ("Passing 0 returns groups displayed ..."): what private=1
    // returns (the private groups, or every group) is silent, so it is recorded as a note, never a fail.
    const observed: string[] = [];
    for (const value of [false, true]) {
      const matching = groups.filter((g) => readBoolean(g.private) === value);
      if (matching.length === 0) {
        if (!value) return ctx.judge.inconclusive('no group has private false (displayed on the preferences page)');
        continue;
      }
      const found = await searchAllIds(ctx, OP, { ...everyGroup(), private: value });
      if (!found.complete) {
        if (!value) return ctx.judge.inconclusive(`could not page through private=0: ${found.stoppedBecause}`);
        continue;
      }
      const misfits = found.records.filter((g) => readBoolean(g.private) !== value);
      if (value) {
        observed.push(`private=1 returned ${found.records.length} group(s), ${misfits.length} of them not private (undocumented, not judged)`);
        continue;
      }
      ctx.judge.check(misfits.length === 0 && found.records.length > 0, {
        title: `private=0 returns only (and some of the ${matching.length}) groups with private false`,
        expected: 'groups with private false',
        actual: { returned: found.records.length, misfits: misfits.slice(0, 8).map((g) => ({ groupID: groupId(g), private: g.private })) },
        response: found.pages.at(-1)!,
      });
    }
    if (observed.length > 0) ctx.judge.pass(observed.join('; '));
  }), groupsExploration, () => privateJudge()),
  judge: (ctx) => judgeFilter(ctx, OP, privateFilterRule()),
});
