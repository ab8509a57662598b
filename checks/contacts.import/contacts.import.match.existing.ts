import fc from 'fast-check';
import { otherCase, updateExistingChoice, wellFormedBatch, type ContactRecord } from '../../generators';
import { defineCheck, type Sample } from '../../harness/core';
import { readInteger } from '../../harness/oracles';
import { addresses } from '../shared/addresses';
import { importContacts, updateExistingParam, type Importer } from './import-call';
import { resultFor, rowsSummary, runsOf } from './rows';
import { judgeMatchExisting } from './existing-contacts';

export default defineCheck({
  rule: 'contacts.import.match.existing',
  title: 're-importing an existing email creates nothing and returns the existing contactID',
  async run(ctx) {
    const plans = fc.record({ batch: wellFormedBatch(addresses), rotate: fc.nat(), updateExisting: updateExistingChoice, otherCase: fc.boolean() });
    await ctx.judge.property(plans, async ({ batch, rotate, updateExisting, otherCase: tryOtherCase }, sample) => {
      const first = await importContacts(ctx, { contacts: batch });
      if (!first.accepted || first.rows?.length !== batch.length || first.rows.some((row) => !row.success || !row.hasContactID)) {
        sample.inconclusive('importing the fresh contacts did not succeed row by row, so there was nothing to match');
      }
      const idOf = new Map(batch.map((record, index) => [record.email!, resultFor(batch, first.rows!, index)?.contactID]));

      // The same addresses, exactly as first sent, in another order and with new data.
      const shift = rotate % batch.length;
      const again = [...batch.slice(shift), ...batch.slice(0, shift)].map((record) => ({ ...record, ...('customFields' in record ? { customFields: { emsConformanceTag: { value: 'again' } } } : {}) }));
      const second = await importContacts(ctx, { contacts: again, ...updateExistingParam(updateExisting) });
      const rows = second.rows ?? [];
      // A matched row creates nothing and, when it carries a contactID, carries the existing one (compared as
      // integers: 12 and "12" name the same contact). Whether a row not updated (updateExisting 0) reports
      // success is not written, so its success flag is not judged here.
      if (second.accepted && !rows.some((row) => row.hasContactID)) sample.inconclusive('no row of the re-import carries a contactID to compare');
      const wrong = again.findIndex((record, index) => {
        const row = resultFor(again, rows, index);
        return !row || row.inserted || (row.hasContactID && !sameID(row.contactID, idOf.get(record.email!)));
      });
      sample.expect(second.accepted && wrong === -1, {
        title: `re-imported ${again[Math.max(wrong, 0)]!.email} is matched: not inserted, its own contactID returned`,
        expected: again.map((record) => ({ email: record.email, inserted: false, contactID: idOf.get(record.email!) })),
        actual: { outcome: second.response.outcome, rows: rowsSummary(second) },
        response: second.response,
      });
      if (tryOtherCase) await expectOtherCaseConsistent(ctx, batch[0]!, idOf.get(batch[0]!.email!), sample);
    }, { numRuns: runsOf(ctx.target.runs, 12) });
  },
  judge: (ctx) => judgeMatchExisting(ctx),
});

/** interface.md does not say whether matching ignores letter case: either reading passes, but each must hold together. */
async function expectOtherCaseConsistent(ctx: Importer, record: ContactRecord, id: unknown, sample: Sample): Promise<void> {
  const original = record.email!;
  const variant = await importContacts(ctx, { contacts: [{ ...record, email: otherCase(original) }], updateExisting: false });
  const row = variant.rows?.[0];
  if (!variant.accepted || !row?.success) return;
  const matched = !row.inserted;
  sample.expect(matched === sameID(row.contactID, id), {
    title: `${otherCase(original)} is either matched to ${original} (not inserted, same contactID) or a new contact (inserted, another contactID)`,
    expected: matched ? { inserted: false, contactID: id } : { inserted: true, contactID: `not ${String(id)}` },
    actual: { inserted: row.inserted, contactID: row.contactID },
    response: variant.response,
  });
}

/** Two contactIDs name the same contact: equal as integers (a JSON integer or a string of digits). */
function sameID(a: unknown, b: unknown): boolean {
  const [x, y] = [readInteger(a), readInteger(b)];
  return x !== undefined ? x === y : a === b;
}
