// @silent-point import.dynamic-group
import fc from 'fast-check';
import { freshEmailContacts, smallBatchSize } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { judgeDynamicRefused } from './group-judges';
import { exampleGroups, groupDirectoryOrEmpty, sightGroups } from './groups';
import { importContacts, runsOf } from './import-call';

export default defineCheck({
  rule: 'contacts.import.dynamic-group.refused',
  title: 'contacts are never added to a Dynamic group of groupIDs',
  async drive(ctx) {
    const { api, target } = ctx;
    const directory = await groupDirectoryOrEmpty(api);
    const dynamic = directory.dynamics[0];
    if (dynamic === undefined) return;
    const statics = exampleGroups(directory).slice(0, 1);
    const plans = fc.record({ size: smallBatchSize(5), withStatic: fc.boolean() });
    await ctx.explore(plans, async ({ size, withStatic }) => {
      const sighted = [dynamic, ...statics];
      // A control first: an import that does not name the group (one whose members follow a query may change by itself).
      await sightGroups(api, sighted);
      await importContacts(ctx, { contacts: freshEmailContacts(addresses, size) });
      await sightGroups(api, sighted);
      await importContacts(ctx, { contacts: freshEmailContacts(addresses, size), groupIDs: withStatic ? [...statics, dynamic] : [dynamic] });
      await sightGroups(api, sighted);
    }, { numRuns: runsOf(target.runs, 5) });
  },
  judge: (ctx) => judgeDynamicRefused(ctx),
});
