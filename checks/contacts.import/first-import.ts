/** One import of a batch drawn as the row-order property draws them: the answer the schema and order checks share. */
import fc from 'fast-check';
import { anyImportBatch, type ContactRecord } from '../../generators';
import { observation } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts } from './import-call';
import { type ImportReading } from '../../harness/model';

export interface BatchImport {
  records: ContactRecord[];
  reading: ImportReading;
}

export const firstImport = observation('one import of a batch of fresh contacts', async (ctx): Promise<BatchImport> => {
  const [records] = fc.sample(anyImportBatch(addresses), { seed: ctx.target.seed, numRuns: 1 });
  return { records: records!, reading: await importContacts(ctx, { contacts: records! }) };
});
