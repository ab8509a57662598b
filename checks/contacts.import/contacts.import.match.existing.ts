// @silent-point import.unchanged-row-updated import.email-match-case
import fc from 'fast-check';
import { otherCase, updateExistingChoice, wellFormedBatch } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { judgeMatchExisting } from './existing-contacts';
import { importContacts, runsOf, updateExistingParam } from './import-call';

export default defineCheck({
  rule: 'contacts.import.match.existing',
  title: 're-importing an existing email creates nothing and returns the existing contactID',
  drive(ctx) {
    const plans = fc.record({ batch: wellFormedBatch(addresses), rotate: fc.nat(), updateExisting: updateExistingChoice, otherCase: fc.boolean() });
    return ctx.explore(plans, async ({ batch, rotate, updateExisting, otherCase: tryOtherCase }) => {
      await importContacts(ctx, { contacts: batch });
      // The same addresses, exactly as first sent, in another order and with new data.
      const shift = rotate % batch.length;
      const again = [...batch.slice(shift), ...batch.slice(0, shift)].map((record) => ({ ...record, ...('customFields' in record ? { customFields: { emsConformanceTag: { value: 'again' } } } : {}) }));
      await importContacts(ctx, { contacts: again, ...updateExistingParam(updateExisting) });
      // No case rule for matching is written: the judge holds either reading to itself.
      if (tryOtherCase) await importContacts(ctx, { contacts: [{ ...batch[0]!, email: otherCase(batch[0]!.email!) }], updateExisting: false });
    }, { numRuns: runsOf(ctx.target.runs, 12) });
  },
  judge: (ctx) => judgeMatchExisting(ctx),
});
