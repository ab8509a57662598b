/** Contacts imported twice: fresh contacts, then the same addresses again, with or without updateExisting. */
import { contactOfShape, freshContacts, reimportPlan, type ContactShape, type LetterCase } from '../../generators';
import type { CheckContext, Sample } from '../../harness/core';
import { addresses } from '../shared/addresses';
import type { ImportReading } from '../shared/import-answer';
import { importContacts, updateExistingParam, type Importer } from './import-call';
import { rowsSummary, runsOf, succeededRowByRow } from './rows';

/**
 * Imports fresh contacts, then the same addresses again (with new customFields data when the shape has them),
 * with or without updateExisting; the first import must insert each contact for the second to be judged.
 * Returns the second answer, which succeeded row by row (otherwise the sample ends unjudged).
 */
export async function reimport(
  ctx: Importer,
  { shape, cases }: { shape: ContactShape; cases: LetterCase[] },
  updateExisting: boolean | undefined,
  sample: Sample,
): Promise<ImportReading & { rows: NonNullable<ImportReading['rows']> }> {
  const records = freshContacts(addresses, shape, cases, 'first');
  const first = await importContacts(ctx, { contacts: records });
  if (!first.accepted || first.rows?.length !== records.length || first.rows.some((row) => !row.success || !row.inserted)) {
    sample.inconclusive('importing the fresh contacts did not insert each of them, so there was nothing existing to re-import');
  }
  // The same addresses with new data where the shape carries any (an email-only record has none to change).
  const again = records.map((record) => contactOfShape(shape, record.email!, 'second'));
  const second = await importContacts(ctx, { contacts: again, ...updateExistingParam(updateExisting) });
  if (!succeededRowByRow(second, again.length)) sample.inconclusive('re-importing the contacts did not succeed row by row');
  return second as ImportReading & { rows: NonNullable<ImportReading['rows']> };
}

/**
 * Re-imports existing contacts (updateExisting as given) and expects every row to carry the flags:
 * `title` says what should hold of the first row that does not.
 */
export async function judgeReimports(
  ctx: CheckContext,
  updateExisting: boolean | undefined,
  flags: { updated: boolean; inserted: boolean },
  title: (row: number) => string,
): Promise<void> {
  await ctx.judge.property(reimportPlan, async (plan, sample) => {
    const reading = await reimport(ctx, plan, updateExisting, sample);
    // An email-only record re-imported carries nothing new: whether "updating" a contact with the values it
    // already has counts as updated is not written, so `updated` is judged only when the data changed.
    const judgeUpdated = !(flags.updated && plan.shape === 'email');
    const wrong = reading.rows.findIndex((row) => (judgeUpdated && row.updated !== flags.updated) || row.inserted !== flags.inserted);
    sample.expect(wrong === -1, {
      title: title(wrong + 1),
      expected: reading.rows.map(() => ({ ...flags })),
      actual: rowsSummary(reading),
      response: reading.response,
    });
  }, { numRuns: runsOf(ctx.target.runs, 10) });
}
