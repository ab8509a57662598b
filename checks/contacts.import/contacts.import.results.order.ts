import { anyImportBatch } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { firstImport } from './first-import';
import { importContacts } from './import-call';
import { IMPORT_FACTS } from '../../harness/model';
import { judgeImports } from './import-judges';

export default defineCheck({
  rule: 'contacts.import.results.order',
  title: 'answers one row result per input row, in input order, echoing each email',
  async drive(ctx) {
    await ctx.observe(firstImport);
    await ctx.explore(anyImportBatch(addresses), (records) => importContacts(ctx, { contacts: records }));
  },
  judge: (ctx) => judgeImports(ctx, 'no accepted import of an array of records', IMPORT_FACTS.rowsInInputOrder),
});
