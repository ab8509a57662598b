import fc from 'fast-check';
import { allowedValue, nameFragment } from '../../generators';
import { defineCheck } from '../../harness/check';
import { driveMethods } from '../../drivers';
import { judgeMethods } from '../shared/judges';
import { discoverGroups, fragmentableNames } from './discovery';
import { OP } from './group-filters';

export default defineCheck({
  rule: 'groups.search.methods',
  title: 'GET and POST with the same parameters return the same groups in the same order',
  async drive(ctx) {
    const names = fragmentableNames((await discoverGroups(ctx)).groups);
    // Each filter in about a third of the samples: sets of many filters leave too few groups to tell orders apart.
    const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
    const extra = fc
      .record({
        status: sometimes(allowedValue(OP, 'status')),
        type: sometimes(allowedValue(OP, 'type')),
        private: sometimes(fc.boolean()),
        groupName: names.length > 0 ? sometimes(nameFragment(names)) : fc.constant(undefined),
      })
      .map((set) => Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)));
    await driveMethods(ctx, OP, {}, { extra });
  },
  judge: (ctx) => judgeMethods(ctx, OP),
});
