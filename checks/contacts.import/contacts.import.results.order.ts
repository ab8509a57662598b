import { anyImportBatch } from '../../generators';
import { defineCheck } from '../../harness/core';
import { addresses } from '../shared/addresses';
import { firstImport } from './first-import';
import { importContacts } from './import-call';
import { rowOrder } from './row-order';
import { judgeImports } from './traffic-imports';
import type { ContactRecord } from '../../generators';

export default defineCheck({
  rule: 'contacts.import.results.order',
  title: 'answers one row result per input row, in input order, echoing each email',
  async run(ctx) {
    const { judge, observe } = ctx;
    const first = await observe(firstImport);
    if (first.reading.accepted) {
      const { holds, evidence } = rowOrder(first.records, first.reading);
      judge.check(holds, evidence);
    }
    await judge.property(anyImportBatch(addresses), async (records, sample) => {
      const reading = await importContacts(ctx, { contacts: records });
      if (!reading.accepted) sample.inconclusive('the call was refused, so there were no row results');
      const { holds, evidence } = rowOrder(records, reading);
      sample.expect(holds, evidence);
    });
  },
  judge: (ctx) =>
    judgeImports(ctx, 'no accepted import of an array of records', (records, reading) => {
      const { holds, evidence: { response: _response, ...evidence } } = rowOrder(records as ContactRecord[], reading);
      return holds ? undefined : evidence;
    }),
});
