import fc from 'fast-check';
import { anyImportBatch, defectiveBatch } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { judgeImports } from './import-judges';
import { IMPORT_FACTS } from '../../harness/model';

export default defineCheck({
  rule: 'contacts.import.contactID.success-only',
  title: 'contactID is present exactly on the rows that succeeded',
  drive(ctx) {
    // A missing key, null, "" and 0 each read as "not populated" (carriesContactID). So that a failed row
    // has a contact it could name, a structurally defective row's address is first imported on its own:
    // the row still fails (its keys differ from the first record's) and must not carry that contactID.
    const batches = fc.oneof(
      defectiveBatch(addresses).map(({ records, defect, defectAt }) => ({
        records, existing: defect === 'added-key' || defect === 'missing-key' ? records[defectAt]?.email : undefined,
      })),
      anyImportBatch(addresses).map((records) => ({ records, existing: undefined })),
    );
    return ctx.explore(batches, async ({ records, existing }) => {
      if (existing !== undefined) await importContacts(ctx, { contacts: [{ email: existing }] });
      await importContacts(ctx, { contacts: records });
    });
  },
  judge: (ctx) => judgeImports(ctx, 'no accepted import with row results', IMPORT_FACTS.contactIDOnSuccess),
});
