import { defineCheck } from '../../harness/check';
import { judgeUpdateOff } from './existing-contacts';
import { driveReimports } from './reimport';

export default defineCheck({
  rule: 'contacts.import.updateExisting.off',
  title: 'with updateExisting 0 an existing contact is not updated',
  drive: (ctx) => driveReimports(ctx, false),
  judge: (ctx) => judgeUpdateOff(ctx),
});
