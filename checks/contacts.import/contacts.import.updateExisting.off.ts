import { defineCheck } from '../../harness/core';
import { judgeReimports } from './reimport';
import { judgeUpdateOff } from './existing-contacts';

export default defineCheck({
  rule: 'contacts.import.updateExisting.off',
  title: 'with updateExisting 0 an existing contact is not updated',
  async run(ctx) {
    await judgeReimports(ctx, false, { updated: false, inserted: false }, (row) => `an existing contact re-imported with updateExisting 0 is neither updated nor inserted (row ${row})`);
  },
  judge: (ctx) => judgeUpdateOff(ctx),
});
