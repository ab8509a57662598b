import { defineCheck } from '../../harness/core';
import { judgeReimports } from './reimport';
import { judgeUpdateDefault } from './existing-contacts';

export default defineCheck({
  rule: 'contacts.import.updateExisting.default',
  title: 'without updateExisting an existing contact is updated',
  async run(ctx) {
    await judgeReimports(ctx, undefined, { updated: true, inserted: false }, (row) => `an existing contact re-imported without updateExisting is updated (row ${row})`);
  },
  judge: (ctx) => judgeUpdateDefault(ctx),
});
