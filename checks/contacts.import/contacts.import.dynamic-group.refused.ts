import fc from 'fast-check';
import { freshEmailContacts, smallBatchSize } from '../../generators';
import { defineCheck } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { countChange, exampleGroups, groupDirectoryOrEmpty, memberCounts } from './groups';
import { importContacts } from './import-call';
import { runsOf } from './rows';
import { judgeDynamicRefused } from './group-judges';

export default defineCheck({
  rule: 'contacts.import.dynamic-group.refused',
  title: 'contacts are never added to a Dynamic group of groupIDs',
  async run(ctx) {
    const { api, judge, target } = ctx;
    const directory = await groupDirectoryOrEmpty(api);
    const dynamic = directory.dynamics[0];
    if (dynamic === undefined) return judge.inconclusive('the target has no Dynamic group');
    const statics = exampleGroups(directory);

    const plans = fc.record({ size: smallBatchSize(5), withStatic: fc.boolean() });
    await judge.property(plans, async ({ size, withStatic }, sample) => {
      const fresh = () => freshEmailContacts(addresses, size);
      // Control: an import that does not name the group. A group whose members follow a query may change by itself.
      const start = await memberCounts(api, [dynamic]);
      await importContacts(ctx, { contacts: fresh() });
      const before = await memberCounts(api, [dynamic]);
      if (countChange(start, before, dynamic).total !== 0) {
        sample.inconclusive(`Dynamic group ${dynamic} changed its totalMembers on an import that did not name it, so its own changes cannot be told apart`);
      }
      const groupIDs = withStatic && statics[0] !== undefined ? [statics[0], dynamic] : [dynamic];
      const reading = await importContacts(ctx, { contacts: fresh(), groupIDs });
      const after = await memberCounts(api, [dynamic]);
      const change = countChange(before, after, dynamic).total;
      sample.expect(change === 0, {
        title: `importing ${size} contact(s) with groupIDs=[${groupIDs.join(',')}] leaves Dynamic group ${dynamic}'s totalMembers unchanged`,
        expected: { totalMembers: '+0' },
        actual: { totalMembers: change, call: reading.response.outcome, warnings: reading.result?.warnings },
        response: reading.response,
      });
    }, { numRuns: runsOf(target.runs, 5) });
  },
  judge: (ctx) => judgeDynamicRefused(ctx),
});
