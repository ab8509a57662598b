import { defineCheck } from '../../harness/check';
import { judgeUpdateDefault } from './existing-contacts';
import { driveReimports } from './reimport';

export default defineCheck({
  rule: 'contacts.import.updateExisting.default',
  title: 'without updateExisting an existing contact is updated',
  drive: (ctx) => driveReimports(ctx, undefined),
  judge: (ctx) => judgeUpdateDefault(ctx),
});
