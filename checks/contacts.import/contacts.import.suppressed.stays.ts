import { defineCheck } from '../../harness/check';
import { judgeSuppressedStays } from './group-judges';
import { exampleGroupsOf, sightGroups } from './groups';
import { importContacts } from './import-call';

export default defineCheck({
  rule: 'contacts.import.suppressed.stays',
  title: 'importing a suppressed contact into a group does not make it active',
  async drive(ctx) {
    const { api, target } = ctx;
    const group = (await exampleGroupsOf(api))[0];
    if (group === undefined) return;
    for (const email of (target.profile.fixtures?.suppressedEmails ?? []).slice(0, 3)) {
      // Only the address is sent, so the fixture contact's data stays as it is; it leaves the group, joins it, and leaves it again.
      const contacts = [{ email }];
      await importContacts(ctx, { contacts, removeGroupIDs: [group] });
      await sightGroups(api, [group]);
      await importContacts(ctx, { contacts, groupIDs: [group] });
      await sightGroups(api, [group]);
      await importContacts(ctx, { contacts, removeGroupIDs: [group] });
      await sightGroups(api, [group]);
    }
  },
  judge: (ctx) => judgeSuppressedStays(ctx),
});
