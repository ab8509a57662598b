import { defineCheck } from '../../harness/core';
import { sameSet, setDifference } from '../../harness/oracles';
import { searchAllIds } from '../shared/search';
import { describeGroups, idSet, withEveryGroup } from './discovery';
import { judgeFilter } from '../shared/traffic';
import { filterValues, matchesValue, OP } from './group-filters';
import { typeDefaultRule } from './traffic-filters';

export default defineCheck({
  rule: 'groups.search.type.default',
  title: 'without type groups of every type are returned',
  run: withEveryGroup(async (groups, ctx) => {
    const types = filterValues('type').selecting.filter((t) => groups.some((g) => matchesValue(g, 'type', t)));
    if (types.length < 2) return ctx.judge.inconclusive(`the target's groups are of ${types.length} type(s) only`);
    const plain = await searchAllIds(ctx, OP, { status: filterValues('status').widest });
    if (!plain.complete) return ctx.judge.inconclusive(`could not page through the search without type: ${plain.stoppedBecause}`);
    const diff = setDifference(idSet(groups), new Set(plain.ids));
    ctx.judge.check(sameSet(diff), {
      title: `without type, the ${groups.length} groups of type ${filterValues('type').widest} (${types.join(', ')}) are returned`,
      expected: `${groups.length} groups`,
      actual: { missing: describeGroups(groups, diff.missing, 'type'), unexpected: describeGroups(plain.records, diff.unexpected, 'type') },
      response: plain.pages.at(-1)!,
    });
  }),
  judge: (ctx) => judgeFilter(ctx, OP, typeDefaultRule()),
});
