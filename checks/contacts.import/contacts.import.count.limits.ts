import { batchSizesOutside, boundsOf, freshEmailContacts, smallBatchSize } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts, runsOf } from './import-call';
import { judgeCountLimits } from './import-judges';

export default defineCheck({
  rule: 'contacts.import.count.limits',
  title: 'accepts 1 to 1000 contacts; refuses none, an empty array and 1001, and writes nothing then',
  async drive(ctx) {
    const { min, max } = boundsOf('contacts.import', 'contacts');
    for (const size of [min, max ?? min]) await importContacts(ctx, { contacts: freshEmailContacts(addresses, size) });
    await ctx.explore(smallBatchSize(), (size) => importContacts(ctx, { contacts: freshEmailContacts(addresses, size) }), { numRuns: runsOf(ctx.target.runs, 10) });
    await ctx.api.call('contacts.import', { method: 'POST', params: {} });
    for (const size of batchSizesOutside()) {
      const records = freshEmailContacts(addresses, size);
      await importContacts(ctx, { contacts: records });
      if (size === 0) continue;
      // Whether the refused batch wrote anything: its first and last addresses, imported again, must be new.
      const probes = [...new Set([records[0]!.email, records[size - 1]!.email])].map((email) => ({ email }));
      await importContacts(ctx, { contacts: probes, updateExisting: false });
    }
  },
  judge: (ctx) => judgeCountLimits(ctx),
});
