/** Contacts imported twice: fresh contacts, then the same addresses again, with or without updateExisting. */
import { contactOfShape, freshContacts, reimportPlan } from '../../generators';
import type { CheckContext } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { importContacts, runsOf, updateExistingParam } from './import-call';

/**
 * Imports fresh contacts, then the same addresses again (with new customFields data when the shape has
 * them, which an email-only record cannot carry), updateExisting as given: the re-imports the
 * updateExisting judges read.
 */
export function driveReimports(ctx: CheckContext, updateExisting: boolean | undefined): Promise<void> {
  return ctx.explore(reimportPlan, async ({ shape, cases }) => {
    const records = freshContacts(addresses, shape, cases, 'first');
    await importContacts(ctx, { contacts: records });
    const again = records.map((record) => contactOfShape(shape, record.email!, 'second'));
    await importContacts(ctx, { contacts: again, ...updateExistingParam(updateExisting) });
  }, { numRuns: runsOf(ctx.target.runs, 10) });
}
