import { freshEmailContacts, smallBatchSize } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { judgeRemoveGroupIDs } from './group-judges';
import { exampleGroupsOf, sightGroups } from './groups';
import { importContacts, runsOf } from './import-call';
import { driveImportSequences } from './import-sequences';

export default defineCheck({
  rule: 'contacts.import.removeGroupIDs',
  title: 'the contacts are removed from every group of removeGroupIDs',
  async drive(ctx) {
    const { api, target } = ctx;
    const groups = await exampleGroupsOf(api);
    if (groups.length > 0) {
      // New contacts added to the first group, then re-imported with removeGroupIDs naming it and a group that never held them.
      const [member] = groups as [number];
      await ctx.explore(smallBatchSize(5), async (size) => {
        const contacts = freshEmailContacts(addresses, size);
        await sightGroups(api, groups);
        await importContacts(ctx, { contacts, groupIDs: [member] });
        await sightGroups(api, groups);
        await importContacts(ctx, { contacts, removeGroupIDs: groups });
        await sightGroups(api, groups);
      }, { numRuns: runsOf(target.runs, 6) });
    }
    await driveImportSequences(ctx, 'leave');
  },
  judge: (ctx) => judgeRemoveGroupIDs(ctx),
});
