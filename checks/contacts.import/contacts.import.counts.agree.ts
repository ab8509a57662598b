// @silent-point import.unchanged-row-updated
import fc from 'fast-check';
import { anyImportBatch, contactOfShape, freshAddresses, updateExistingChoice } from '../../generators';
import { defineCheck } from '../../harness/check';
import { addresses } from '../shared/addresses';
import { driveCountSequence } from './count-sequence';
import { exampleGroupsOf, sightGroups } from './groups';
import { importContacts, runsOf, updateExistingParam } from './import-call';
import { judgeImports, type ImportCoverage } from './import-judges';
import { IMPORT_FACTS, readUpdateExisting } from '../../harness/model';

export default defineCheck({
  rule: 'contacts.import.counts.agree',
  title: 'recordsInserted and recordsUpdated equal the rows flagged inserted and updated',
  async drive(ctx) {
    const { api, target } = ctx;
    const groups = await exampleGroupsOf(api);
    // Every run: a sequence of imports of the same contacts, into and out of groups (count-sequence.ts).
    await driveCountSequence(ctx, groups);
    // Batches of fresh contacts mixed with existing ones, so that rows are updated as well as inserted, with
    // groupIDs and removeGroupIDs drawn from the groups and updateExisting omitted, 1 or 0.
    const pool = freshAddresses(addresses, 6);
    await importContacts(ctx, { contacts: pool.map((email) => ({ email })) });
    const batches = fc.record({
      fresh: anyImportBatch(addresses), existing: fc.subarray(pool.map((_, index) => index)), updateExisting: updateExistingChoice,
      add: fc.subarray(groups), remove: fc.subarray(groups),
    });
    await ctx.explore(batches, async ({ fresh, existing, updateExisting, add, remove }) => {
      const shape = 'customFields' in fresh[0]! ? 'email+customFields' : 'email';
      const records = [...fresh, ...existing.map((index) => contactOfShape(shape, pool[index]!, 'updated'))];
      const named = add.length + remove.length > 0;
      if (named) await sightGroups(api, groups);
      await importContacts(ctx, { contacts: records, ...(add.length > 0 ? { groupIDs: add } : {}), ...(remove.length > 0 ? { removeGroupIDs: remove } : {}), ...updateExistingParam(updateExisting) });
      if (named) await sightGroups(api, groups);
    }, { numRuns: runsOf(target.runs, 15) });
  },
  judge: (ctx) => judgeImports(ctx, 'no accepted import with row results', IMPORT_FACTS.countsOfRows, COVERAGE),
});

/** The kinds of import the counts are judged on every run (every kind an import can be: the documented parameters and rows). */
const KINDS = {
  groupIDs: 'with groupIDs',
  removeGroupIDs: 'with removeGroupIDs',
  updateAbsent: 'without updateExisting',
  updateOn: 'with updateExisting 1',
  updateOff: 'with updateExisting 0',
  inserted: 'with a row inserted',
  existing: 'with a row of an existing contact',
  customFields: 'with customFields',
  insertedIntoGroup: 'with groupIDs and a row inserted',
  existingIntoGroup: 'with groupIDs and a row of an existing contact',
};

const COVERAGE: ImportCoverage = {
  classes: Object.values(KINDS),
  of(exchange, records, reading) {
    const named = (name: string) => { const value = exchange.params[name]; return value !== undefined && !(Array.isArray(value) && value.length === 0); };
    const update = readUpdateExisting(exchange.params.updateExisting);
    const rows = reading.rows ?? [];
    const inserted = rows.some((row) => row.success && row.inserted);
    const existing = rows.some((row) => row.success && !row.inserted);
    return [
      ...(named('groupIDs') ? [KINDS.groupIDs] : []),
      ...(named('removeGroupIDs') ? [KINDS.removeGroupIDs] : []),
      ...(update === 'absent' ? [KINDS.updateAbsent] : update === 'on' ? [KINDS.updateOn] : update === 'off' ? [KINDS.updateOff] : []),
      ...(inserted ? [KINDS.inserted] : []),
      ...(existing ? [KINDS.existing] : []),
      ...(records.some((record) => typeof record === 'object' && record !== null && 'customFields' in record) ? [KINDS.customFields] : []),
      ...(named('groupIDs') && inserted ? [KINDS.insertedIntoGroup] : []),
      ...(named('groupIDs') && existing ? [KINDS.existingIntoGroup] : []),
    ];
  },
};
