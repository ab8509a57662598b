import { freshEmailContacts, smallBatchSize } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { judgeOffGroups } from './group-judges';
import { exampleGroupsOf, sightGroups } from './groups';
import { importContacts, runsOf } from './import-call';
import { driveImportSequences } from './import-sequences';

export default defineCheck({
  rule: 'contacts.import.updateExisting.off-groups',
  title: 'with updateExisting 0 existing contacts are still added to groupIDs and removed from removeGroupIDs',
  async drive(ctx) {
    const { api, target } = ctx;
    const groups = await exampleGroupsOf(api);
    if (groups.length >= 2) {
      // Two sets of members of the second group move to the first: a control with updateExisting 1 (what any
      // existing contact gets), then the set the rule is about with updateExisting 0.
      const [joined, left] = groups as [number, number];
      const move = { groupIDs: [joined], removeGroupIDs: [left] };
      await ctx.explore(smallBatchSize(4), async (size) => {
        const checked = freshEmailContacts(addresses, size);
        const control = freshEmailContacts(addresses, size);
        await sightGroups(api, groups);
        await importContacts(ctx, { contacts: [...checked, ...control], groupIDs: [left] });
        await sightGroups(api, groups);
        await importContacts(ctx, { contacts: control, ...move, updateExisting: true });
        await sightGroups(api, groups);
        await importContacts(ctx, { contacts: checked, ...move, updateExisting: false });
        await sightGroups(api, groups);
      }, { numRuns: runsOf(target.runs, 5) });
    }
    await driveImportSequences(ctx, 'move');
  },
  judge: (ctx) => judgeOffGroups(ctx),
});
