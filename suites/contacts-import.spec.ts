import fc from 'fast-check';
import { AddressBook, batchSizesOutside, boundsOf, contactOfShape, defectiveBatch, runPrefix, type ContactRecord, type ContactShape } from '../generators';
import { test, type ApiClient, type Sample } from '../harness/core';
import {
  batchWithRepeat,
  contactShape,
  countChange,
  countsOf,
  customFieldValue,
  freshContacts,
  groupDirectory,
  hasErrors,
  hasWarnings,
  importContacts,
  letterCase,
  memberCounts,
  otherCase,
  resultFor,
  sentEmail,
  smallBatchSize,
  staticGroupsFor,
  Unjudgeable,
  wellFormedBatch,
  type ImportReading,
  type LetterCase,
  type MemberCounts,
} from './support/import';

/** Every address this file creates: run-unique, on the reserved example.com domain. */
const book = new AddressBook(runPrefix());

/** Runs of a property whose samples cost several requests. */
const runsOf = (runs: number, cap: number) => Math.max(1, Math.min(runs, cap));

/** Any well-formed or defective batch of fresh contacts, as records. */
const anyBatch = (): fc.Arbitrary<ContactRecord[]> =>
  fc.oneof(
    wellFormedBatch(book),
    batchWithRepeat(book).map((batch) => batch.records),
    defectiveBatch(book).map((batch) => batch.records),
  );

/** Member counts inside a property: a group the target cannot report ends the sample unjudged. */
async function countsIn(api: ApiClient, groupIDs: number[], sample: Sample): Promise<Map<number, MemberCounts>> {
  try {
    return await memberCounts(api, groupIDs);
  } catch (error) {
    if (error instanceof Unjudgeable) sample.inconclusive(error.message);
    throw error;
  }
}

/** What a response shows about its rows, for evidence. */
const rowsSummary = (reading: ImportReading) =>
  reading.rows?.map((row) => ({ email: row.email, success: row.success, inserted: row.inserted, updated: row.updated, contactID: row.contactID })) ??
  reading.response.errors;

test.describe('contacts/import', () => {
  // Imports change shared group member counts: the tests of this file run one after another on one worker
  // (a failing test does not skip the rest), on groups the model-based file never touches.
  test.describe.configure({ mode: 'default' });

  test('accepts 1 to 1000 contacts; refuses none, an empty array and 1001, and writes nothing then', {
    tag: ['@rule:contacts.import.count.limits'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.count.limits';
    if (!judge.needs(rule)) return;
    const { min, max } = boundsOf('contacts.import', 'contacts');
    const largest = max ?? min;

    for (const size of [min, largest]) {
      const records = freshContacts(book, 'email', Array(size).fill('as-generated'));
      const reading = await importContacts(api, target, createdContacts, { contacts: records });
      judge.check(rule, reading.accepted, {
        title: `a batch of ${size} contact(s) is accepted`,
        expected: 'success',
        actual: { outcome: reading.response.outcome, errors: reading.response.errors },
        response: reading.response,
      });
    }

    await judge.property(rule, smallBatchSize(), async (size, sample) => {
      const records = freshContacts(book, 'email', Array(size).fill('as-generated'));
      const reading = await importContacts(api, target, createdContacts, { contacts: records });
      sample.expect(reading.accepted, {
        title: `a batch of ${size} contact(s) is accepted`,
        expected: 'success',
        actual: { outcome: reading.response.outcome, errors: reading.response.errors },
        response: reading.response,
      });
    }, { numRuns: runsOf(target.runs, 10) });

    const none = await api.call('contacts.import', { method: 'POST', params: {} });
    judge.check(rule, none.outcome === 'error', {
      title: 'a call without contacts is refused',
      expected: 'error',
      actual: { outcome: none.outcome, payload: none.payload },
      response: none,
    });

    for (const size of batchSizesOutside()) {
      const records = freshContacts(book, 'email', Array(size).fill('as-generated'));
      const reading = await importContacts(api, target, createdContacts, { contacts: records });
      judge.check(rule, reading.response.outcome === 'error', {
        title: `a batch of ${size} contacts is refused as a call`,
        expected: 'error',
        actual: { outcome: reading.response.outcome, recordsInData: reading.result?.recordsInData, recordsInserted: reading.result?.recordsInserted },
        response: reading.response,
      });
      if (size === 0) continue;

      // Nothing may have been written: the first and the last address of the refused batch are still new.
      const probes = [...new Set([records[0]!.email!, records[size - 1]!.email!])].map((email) => ({ email }));
      const probe = await importContacts(api, target, createdContacts, { contacts: probes, updateExisting: false });
      if (!probe.accepted || probe.rows?.length !== probes.length || probe.rows.some((row) => !row.success)) {
        judge.inconclusive(rule, `re-importing addresses of the refused batch of ${size} did not succeed, so whether it wrote them cannot be seen`, [
          { title: 'the probe import', actual: rowsSummary(probe), curl: probe.response.curl },
        ]);
        continue;
      }
      const written = probe.rows.flatMap((row, index) => (row.inserted ? [] : [probes[index]!.email]));
      judge.check(rule, written.length === 0, {
        title: `a refused batch of ${size} writes nothing: its addresses are then imported as new contacts`,
        expected: { notInserted: [] },
        actual: { notInserted: written, rows: rowsSummary(probe) },
        response: probe.response,
      });
    }
  });

  test('answers one row result per input row, in input order, echoing each email; the answer matches the schema', {
    tag: ['@rule:contacts.import.results.order', '@rule:schema.contacts.import'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.results.order';
    const met = [judge.needs('schema.contacts.import'), judge.needs(rule)];
    if (!met.every(Boolean)) return;

    // The client validates every successful answer against ImportResponse / ImportRowResult (schema.contacts.import).
    await judge.property(rule, anyBatch(), async (records, sample) => {
      const reading = await importContacts(api, target, createdContacts, { contacts: records });
      if (!reading.accepted) sample.inconclusive('the call was refused, so there were no row results');
      const rows = reading.rows ?? [];
      sample.expect(rows.length === records.length, {
        title: 'contactResults holds one result per input row',
        expected: records.length,
        actual: reading.rows?.length ?? reading.result?.contactResults,
        response: reading.response,
      });
      const sent = records.map(sentEmail);
      const wrong = sent.findIndex((email, index) => email !== undefined && rows[index]!.email !== email);
      sample.expect(wrong === -1, {
        title: `row ${wrong + 1}'s result is the result of input row ${wrong + 1} and echoes its email as sent`,
        expected: sent,
        actual: rows.map((row) => row.email),
        response: reading.response,
      });
    });
    if (!judge.hasVerdict('schema.contacts.import')) judge.inconclusive('schema.contacts.import', 'no import call succeeded, so no answer could be validated');
  });

  test('recordsInData equals the number of records passed', {
    tag: ['@rule:contacts.import.recordsInData'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.recordsInData';
    if (!judge.needs(rule)) return;
    await judge.property(rule, anyBatch(), async (records, sample) => {
      const reading = await importContacts(api, target, createdContacts, { contacts: records });
      if (!reading.accepted) sample.inconclusive('the call was refused, so there was no recordsInData');
      sample.expect(reading.result?.recordsInData === records.length, {
        title: `recordsInData is the ${records.length} record(s) passed`,
        expected: records.length,
        actual: { recordsInData: reading.result?.recordsInData, rows: rowsSummary(reading) },
        response: reading.response,
      });
    });
  });

  test('recordsInserted and recordsUpdated equal the rows flagged inserted and updated', {
    tag: ['@rule:contacts.import.counts.agree'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.counts.agree';
    if (!judge.needs(rule)) return;
    // Existing contacts to mix into the batches, so that rows are updated as well as inserted.
    const pool = freshContacts(book, 'email', Array(6).fill('as-generated')).map((record) => record.email!);
    const seeded = await importContacts(api, target, createdContacts, { contacts: pool.map((email) => ({ email })) });
    if (!seeded.accepted) {
      judge.inconclusive(rule, 'importing the contacts the batches re-import was refused', [{ title: 'seeding import', actual: rowsSummary(seeded), curl: seeded.response.curl }]);
      return;
    }

    const batches = fc.record({
      fresh: anyBatch(),
      existing: fc.subarray(pool.map((_, index) => index)),
      updateExisting: fc.constantFrom<boolean | undefined>(undefined, true, false),
    });
    await judge.property(rule, batches, async ({ fresh, existing, updateExisting }, sample) => {
      const shape = 'customFields' in fresh[0]! ? 'email+customFields' : 'email';
      const records = [...fresh, ...existing.map((index) => contactOfShape(shape, pool[index]!, 'updated'))];
      const reading = await importContacts(api, target, createdContacts, { contacts: records, ...(updateExisting === undefined ? {} : { updateExisting }) });
      if (!reading.accepted) sample.inconclusive('the call was refused, so there were no counts');
      const counts = countsOf(reading);
      sample.expect(counts.inserted === counts.flaggedInserted && counts.updated === counts.flaggedUpdated, {
        title: 'recordsInserted and recordsUpdated count the rows flagged inserted and updated',
        expected: { recordsInserted: counts.flaggedInserted, recordsUpdated: counts.flaggedUpdated },
        actual: { recordsInserted: counts.inserted, recordsUpdated: counts.updated },
        response: reading.response,
      });
    }, { numRuns: runsOf(target.runs, 15) });
  });

  test('contactID is present exactly on the rows that succeeded', {
    tag: ['@rule:contacts.import.contactID.success-only'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.contactID.success-only';
    if (!judge.needs(rule)) return;
    const batches = fc.oneof(defectiveBatch(book).map((batch) => batch.records), anyBatch());
    await judge.property(rule, batches, async (records, sample) => {
      const reading = await importContacts(api, target, createdContacts, { contacts: records });
      if (!reading.accepted || !reading.rows) return sample.inconclusive('the call was refused, so there were no row results');
      const wrong = reading.rows.findIndex((row) => row.hasContactID !== row.success);
      const row = reading.rows[wrong];
      sample.expect(row === undefined, {
        title: row?.success
          ? `row ${wrong + 1} succeeded and carries a contactID`
          : `row ${wrong + 1} failed and carries no contactID`,
        expected: row?.success ? 'a contactID' : 'no contactID',
        actual: row && { success: row.success, contactID: row.contactID, errors: row.errors },
        response: reading.response,
      });
    });
  });

  test('a record whose keys differ from the first record fails as a row', {
    tag: ['@rule:contacts.import.structure.first-record'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.structure.first-record';
    if (!judge.needs(rule)) return;
    const batches = defectiveBatch(book).filter((batch) => batch.defect === 'added-key' || batch.defect === 'missing-key');
    await judge.property(rule, batches, async ({ records, defectAt, defect }, sample) => {
      const reading = await importContacts(api, target, createdContacts, { contacts: records });
      const row = resultFor(records, reading.rows ?? [], defectAt);
      sample.expect(reading.accepted && row !== undefined && !row.success, {
        title: `row ${defectAt + 1} (${defect === 'added-key' ? 'a key the first record lacks' : 'missing a key of the first record'}) fails as a row`,
        expected: { call: 'success', [`row ${defectAt + 1}`]: { success: 0 } },
        actual: { call: reading.response.outcome, rows: rowsSummary(reading) },
        response: reading.response,
      });
    });
  });

  test('a record without an email address fails as a row', {
    tag: ['@rule:contacts.import.email.required'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.email.required';
    if (!judge.needs(rule)) return;
    // An empty address keeps the first record's keys; a record without the email key differs from them as well.
    const batches = fc.record({ batch: defectiveBatch(book).filter((batch) => batch.defect === 'no-email'), withoutKey: fc.boolean() });
    await judge.property(rule, batches, async ({ batch: { records, defectAt }, withoutKey }, sample) => {
      const contacts = records.map((record, index) => {
        if (index !== defectAt || !withoutKey) return record;
        const { email: _email, ...rest } = record;
        return rest;
      });
      const reading = await importContacts(api, target, createdContacts, { contacts });
      const row = resultFor(contacts, reading.rows ?? [], defectAt);
      sample.expect(reading.accepted && row !== undefined && !row.success, {
        title: `row ${defectAt + 1} (${withoutKey ? 'no email key' : 'email ""'}) fails as a row`,
        expected: { call: 'success', [`row ${defectAt + 1}`]: { success: 0 } },
        actual: { call: reading.response.outcome, rows: rowsSummary(reading) },
        response: reading.response,
      });
    });
  });

  test('a failing row fails alone: the call succeeds and the other rows succeed', {
    tag: ['@rule:contacts.import.row.isolated'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.row.isolated';
    if (!judge.needs(rule)) return;
    await judge.property(rule, defectiveBatch(book), async ({ records, defectAt, defect }, sample) => {
      const reading = await importContacts(api, target, createdContacts, { contacts: records });
      sample.expect(reading.accepted, {
        title: `a batch with one defective row (${defect}) is accepted as a call`,
        expected: 'success',
        actual: { outcome: reading.response.outcome, errors: reading.response.errors },
        response: reading.response,
      });
      const rows = reading.rows ?? [];
      const others = records.map((_, index) => index).filter((index) => index !== defectAt);
      const failed = others.filter((index) => !resultFor(records, rows, index)?.success);
      if (failed.length > 0 && failed.length === others.length) {
        // Every sound row failed too: judged only if the same batch without its defective row imports row by row here.
        const sound = records.map((record, index) => (index === defectAt ? undefined : { ...record, email: book.fresh() })).filter((record) => record !== undefined);
        const control = await importContacts(api, target, createdContacts, { contacts: sound });
        if (!control.accepted || control.rows?.length !== sound.length || control.rows.some((row) => !row.success)) {
          sample.inconclusive('records of this shape fail even without a defective row among them, so isolation cannot be seen');
        }
      }
      sample.expect(failed.length === 0, {
        title: `every row but the defective row ${defectAt + 1} (${defect}) succeeds`,
        expected: { failedRows: [defectAt + 1] },
        actual: { failedRows: failed.map((index) => index + 1), rows: rowsSummary(reading) },
        response: reading.response,
      });
    });
  });

  test('a failing row is reported with success 0 and errors, and the answer carries warnings', {
    tag: ['@rule:contacts.import.row.reported'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.row.reported';
    if (!judge.needs(rule)) return;
    await judge.property(rule, defectiveBatch(book), async ({ records, defect }, sample) => {
      const reading = await importContacts(api, target, createdContacts, { contacts: records });
      if (!reading.accepted || !reading.rows) return sample.inconclusive('the call was refused, so there were no row results');
      const failed = reading.rows.map((row, index) => ({ row, index })).filter(({ row }) => !row.success);
      if (failed.length === 0) sample.inconclusive(`no row failed (the ${defect} row was accepted), so no failure report could be judged`);
      const silent = failed.filter(({ row }) => !hasErrors(row));
      sample.expect(silent.length === 0, {
        title: `failed row ${(silent[0]?.index ?? 0) + 1} carries a non-empty errors array`,
        expected: 'errors: [at least one]',
        actual: silent.map(({ row, index }) => ({ row: index + 1, success: row.success, errors: row.errors })),
        response: reading.response,
      });
      sample.expect(hasWarnings(reading), {
        title: `an answer with ${failed.length} failed row(s) carries warnings`,
        expected: 'warnings present',
        actual: { warnings: reading.result?.warnings },
        response: reading.response,
      });
    });
  });

  test('re-importing an existing email creates nothing and returns the existing contactID', {
    tag: ['@rule:contacts.import.match.existing'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.match.existing';
    if (!judge.needs(rule)) return;
    const plans = fc.record({
      batch: wellFormedBatch(book),
      rotate: fc.nat(),
      updateExisting: fc.constantFrom<boolean | undefined>(undefined, true, false),
      otherCase: fc.boolean(),
    });
    await judge.property(rule, plans, async ({ batch, rotate, updateExisting, otherCase: tryOtherCase }, sample) => {
      const first = await importContacts(api, target, createdContacts, { contacts: batch });
      if (!first.accepted || first.rows?.length !== batch.length || first.rows.some((row) => !row.success || !row.hasContactID)) {
        sample.inconclusive('importing the fresh contacts did not succeed row by row, so there was nothing to match');
      }
      const idOf = new Map(batch.map((record, index) => [record.email!, resultFor(batch, first.rows!, index)?.contactID]));

      // The same addresses, exactly as first sent, in another order and with new data.
      const shift = rotate % batch.length;
      const again = [...batch.slice(shift), ...batch.slice(0, shift)].map((record) => ({ ...record, ...('customFields' in record ? { customFields: { emsConformanceTag: { value: 'again' } } } : {}) }));
      const second = await importContacts(api, target, createdContacts, { contacts: again, ...(updateExisting === undefined ? {} : { updateExisting }) });
      const rows = second.rows ?? [];
      const wrong = again.findIndex((record, index) => {
        const row = resultFor(again, rows, index);
        return !row || !row.success || row.inserted || row.contactID !== idOf.get(record.email!);
      });
      sample.expect(second.accepted && wrong === -1, {
        title: `re-imported ${again[Math.max(wrong, 0)]!.email} is matched: not inserted, its own contactID returned`,
        expected: again.map((record) => ({ email: record.email, inserted: false, contactID: idOf.get(record.email!) })),
        actual: { outcome: second.response.outcome, rows: rowsSummary(second) },
        response: second.response,
      });

      // interface.md does not say whether matching ignores letter case: either reading passes, but each must hold together.
      if (!tryOtherCase) return;
      const original = batch[0]!.email!;
      const variant = await importContacts(api, target, createdContacts, { contacts: [{ ...batch[0]!, email: otherCase(original) }], updateExisting: false });
      const row = variant.rows?.[0];
      if (!variant.accepted || !row?.success) return;
      const matched = !row.inserted;
      sample.expect(matched === (row.contactID === idOf.get(original)), {
        title: `${otherCase(original)} is either matched to ${original} (not inserted, same contactID) or a new contact (inserted, another contactID)`,
        expected: matched ? { inserted: false, contactID: idOf.get(original) } : { inserted: true, contactID: `not ${String(idOf.get(original))}` },
        actual: { inserted: row.inserted, contactID: row.contactID },
        response: variant.response,
      });
    }, { numRuns: runsOf(target.runs, 12) });
  });

  test('without updateExisting an existing contact is updated', {
    tag: ['@rule:contacts.import.updateExisting.default'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.updateExisting.default';
    if (!judge.needs(rule)) return;
    await judge.property(rule, reimportPlan, async ({ shape, cases }, sample) => {
      const rows = await reimport(api, target, createdContacts, shape, cases, undefined, sample);
      const wrong = rows.rows.findIndex((row) => !row.updated || row.inserted);
      sample.expect(wrong === -1, {
        title: `an existing contact re-imported without updateExisting is updated (row ${wrong + 1})`,
        expected: rows.rows.map(() => ({ updated: true, inserted: false })),
        actual: rowsSummary(rows),
        response: rows.response,
      });
    }, { numRuns: runsOf(target.runs, 10) });
  });

  test('with updateExisting 0 an existing contact is not updated', {
    tag: ['@rule:contacts.import.updateExisting.off'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.updateExisting.off';
    if (!judge.needs(rule)) return;
    await judge.property(rule, reimportPlan, async ({ shape, cases }, sample) => {
      const rows = await reimport(api, target, createdContacts, shape, cases, false, sample);
      const wrong = rows.rows.findIndex((row) => row.updated || row.inserted);
      sample.expect(wrong === -1, {
        title: `an existing contact re-imported with updateExisting 0 is neither updated nor inserted (row ${wrong + 1})`,
        expected: rows.rows.map(() => ({ updated: false, inserted: false })),
        actual: rowsSummary(rows),
        response: rows.response,
      });
    }, { numRuns: runsOf(target.runs, 10) });
  });

  test('the contacts are added to every static group of groupIDs', {
    tag: ['@rule:contacts.import.groupIDs.add'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.groupIDs.add';
    if (!judge.needs(rule)) return;
    const groups = await suiteGroups(api);
    if (groups.length === 0) return judge.inconclusive(rule, 'the target has no Active Static group to import into');

    // Contacts every group already holds (from earlier samples): they are no new members.
    const members: string[] = [];
    const plans = fc.record({ fresh: smallBatchSize(5), members: fc.nat({ max: 3 }) });
    await judge.property(rule, plans, async ({ fresh, members: memberCount }, sample) => {
      const added = freshContacts(book, 'email', Array(fresh).fill('as-generated')).map((record) => record.email!);
      const already = members.slice(0, memberCount);
      const before = await countsIn(api, groups, sample);
      const reading = await importContacts(api, target, createdContacts, { contacts: [...added, ...already].map((email) => ({ email })), groupIDs: groups });
      const after = await countsIn(api, groups, sample);
      if (!reading.accepted || reading.rows?.some((row) => !row.success)) sample.inconclusive('the import did not succeed row by row');
      const changes = groups.map((groupID) => ({ groupID, totalMembers: countChange(before, after, groupID).total }));
      sample.expect(changes.every((change) => change.totalMembers === fresh), {
        title: `importing ${fresh} new contact(s) and ${already.length} member(s) with groupIDs=[${groups.join(',')}] raises each group's totalMembers by ${fresh}`,
        expected: groups.map((groupID) => ({ groupID, totalMembers: `+${fresh}` })),
        actual: changes,
        response: reading.response,
      });
      members.push(...added);
    }, { numRuns: runsOf(target.runs, 6) });
  });

  test('the contacts are removed from every group of removeGroupIDs', {
    tag: ['@rule:contacts.import.removeGroupIDs'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.removeGroupIDs';
    if (!judge.needs(rule)) return;
    const groups = await suiteGroups(api);
    if (groups.length === 0) return judge.inconclusive(rule, 'the target has no Active Static group to import into');
    const [member, other] = groups as [number, number | undefined];

    await judge.property(rule, smallBatchSize(5), async (size, sample) => {
      const emails = freshContacts(book, 'email', Array(size).fill('as-generated')).map((record) => record.email!);
      const contacts = emails.map((email) => ({ email }));
      const start = await countsIn(api, [member], sample);
      const added = await importContacts(api, target, createdContacts, { contacts, groupIDs: [member] });
      const before = await countsIn(api, groups, sample);
      if (!added.accepted || countChange(start, before, member).total !== size) {
        sample.inconclusive(`the contacts were not added to group ${member} first, so their removal cannot be seen`);
      }
      // The other group never held them: nothing to remove there.
      const removeGroupIDs = other === undefined ? [member] : [member, other];
      const reading = await importContacts(api, target, createdContacts, { contacts, removeGroupIDs });
      const after = await countsIn(api, groups, sample);
      const changes = removeGroupIDs.map((groupID) => ({ groupID, totalMembers: countChange(before, after, groupID).total }));
      const expected = removeGroupIDs.map((groupID) => ({ groupID, totalMembers: groupID === member ? -size : 0 }));
      sample.expect(changes.every((change, index) => change.totalMembers === expected[index]!.totalMembers), {
        title: `re-importing ${size} member(s) of group ${member} with removeGroupIDs=[${removeGroupIDs.join(',')}] drops its totalMembers by ${size}`,
        expected,
        actual: changes,
        response: reading.response,
      });
    }, { numRuns: runsOf(target.runs, 6) });
  });

  test('with updateExisting 0 existing contacts are still added to groupIDs and removed from removeGroupIDs', {
    tag: ['@rule:contacts.import.updateExisting.off-groups'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.updateExisting.off-groups';
    if (!judge.needs(rule)) return;
    const groups = await suiteGroups(api);
    if (groups.length < 2) return judge.inconclusive(rule, 'fewer than two Active Static groups: one to leave and one to join are needed');
    const [target1, target2] = groups as [number, number];

    await judge.property(rule, smallBatchSize(4), async (size, sample) => {
      const fresh = () => freshContacts(book, 'email', Array(size).fill('as-generated'));
      const checked = fresh();
      const control = fresh();
      // Both sets become members of the second group.
      const start = await countsIn(api, groups, sample);
      const seeded = await importContacts(api, target, createdContacts, { contacts: [...checked, ...control], groupIDs: [target2] });
      const before = await countsIn(api, groups, sample);
      if (!seeded.accepted || countChange(start, before, target2).total !== 2 * size) {
        sample.inconclusive(`the contacts were not added to group ${target2} first`);
      }
      // The control moves with updateExisting 1: what any existing contact gets. The checked set must get the same with 0.
      const move = { groupIDs: [target1], removeGroupIDs: [target2] };
      const controlled = await importContacts(api, target, createdContacts, { contacts: control, ...move, updateExisting: true });
      const middle = await countsIn(api, groups, sample);
      const reading = await importContacts(api, target, createdContacts, { contacts: checked, ...move, updateExisting: false });
      const after = await countsIn(api, groups, sample);
      if (!controlled.accepted || !reading.accepted) sample.inconclusive('a moving import was refused');

      const withUpdate = { joined: countChange(before, middle, target1).total, left: countChange(before, middle, target2).total };
      const withoutUpdate = { joined: countChange(middle, after, target1).total, left: countChange(middle, after, target2).total };
      const addJudgeable = withUpdate.joined === size;
      const removeJudgeable = withUpdate.left === -size;
      if (!addJudgeable && !removeJudgeable) {
        sample.inconclusive('existing contacts imported with updateExisting 1 did not move between the groups either (groupIDs.add / removeGroupIDs judge that)');
      }
      sample.expect((!addJudgeable || withoutUpdate.joined === size) && (!removeJudgeable || withoutUpdate.left === -size), {
        title: `${size} existing contact(s) imported with updateExisting 0, groupIDs=[${target1}], removeGroupIDs=[${target2}] join ${target1} and leave ${target2}`,
        expected: {
          ...(addJudgeable ? { [`group ${target1} totalMembers`]: `+${size}` } : {}),
          ...(removeJudgeable ? { [`group ${target2} totalMembers`]: `-${size}` } : {}),
        },
        actual: { [`group ${target1} totalMembers`]: withoutUpdate.joined, [`group ${target2} totalMembers`]: withoutUpdate.left, withUpdateExisting1: withUpdate },
        response: reading.response,
      });
    }, { numRuns: runsOf(target.runs, 5) });
  });

  test('contacts are never added to a Dynamic group of groupIDs', {
    tag: ['@rule:contacts.import.dynamic-group.refused'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.dynamic-group.refused';
    if (!judge.needs(rule)) return;
    const directory = await directoryOrInconclusive(api);
    const dynamic = directory.dynamics[0];
    if (dynamic === undefined) return judge.inconclusive(rule, 'the target has no Dynamic group');
    const statics = staticGroupsFor('contacts-import', directory);

    const plans = fc.record({ size: smallBatchSize(5), withStatic: fc.boolean() });
    await judge.property(rule, plans, async ({ size, withStatic }, sample) => {
      const fresh = () => freshContacts(book, 'email', Array(size).fill('as-generated'));
      // Control: an import that does not name the group. A group whose members follow a query may change by itself.
      const start = await countsIn(api, [dynamic], sample);
      await importContacts(api, target, createdContacts, { contacts: fresh() });
      const before = await countsIn(api, [dynamic], sample);
      if (countChange(start, before, dynamic).total !== 0) {
        sample.inconclusive(`Dynamic group ${dynamic} changed its totalMembers on an import that did not name it, so its own changes cannot be told apart`);
      }
      const groupIDs = withStatic && statics[0] !== undefined ? [statics[0], dynamic] : [dynamic];
      const reading = await importContacts(api, target, createdContacts, { contacts: fresh(), groupIDs });
      const after = await countsIn(api, [dynamic], sample);
      const change = countChange(before, after, dynamic).total;
      sample.expect(change === 0, {
        title: `importing ${size} contact(s) with groupIDs=[${groupIDs.join(',')}] leaves Dynamic group ${dynamic}'s totalMembers unchanged`,
        expected: { totalMembers: '+0' },
        actual: { totalMembers: change, call: reading.response.outcome, warnings: reading.result?.warnings },
        response: reading.response,
      });
    }, { numRuns: runsOf(target.runs, 5) });
  });

  test('importing a suppressed contact into a group does not make it active', {
    tag: ['@rule:contacts.import.suppressed.stays'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.suppressed.stays';
    if (!judge.needs(rule)) return;
    const groups = await suiteGroups(api);
    const group = groups[0];
    if (group === undefined) return judge.inconclusive(rule, 'the target has no Active Static group to import into');
    const suppressed = (target.profile.fixtures?.suppressedEmails ?? []).slice(0, 3);

    for (const email of suppressed) {
      // Only the address is sent, so the fixture contact's data stays as it is.
      const contacts = [{ email }];
      const left = await importContacts(api, target, createdContacts, { contacts, removeGroupIDs: [group] });
      if (!left.accepted || !left.rows?.[0]?.success || left.rows[0].inserted) {
        judge.inconclusive(rule, `${email} (fixtures.suppressedEmails) is not an existing contact the target imports`, [
          { title: 'import of the fixture address', actual: rowsSummary(left), curl: left.response.curl },
        ]);
        continue;
      }
      try {
        const before = await memberCounts(api, [group]);
        const reading = await importContacts(api, target, createdContacts, { contacts, groupIDs: [group] });
        const after = await memberCounts(api, [group]);
        const change = countChange(before, after, group);
        if (change.total !== 1) {
          judge.inconclusive(rule, `importing ${email} into group ${group} changed its totalMembers by ${change.total}, not 1, so its state cannot be seen through the group`, [
            { title: 'the import', actual: { change, rows: rowsSummary(reading) }, curl: reading.response.curl },
          ]);
        } else {
          judge.check(rule, change.active === 0, {
            title: `suppressed ${email} imported into group ${group} counts in totalMembers but not in activeMembers`,
            expected: { totalMembers: '+1', activeMembers: '+0' },
            actual: { totalMembers: change.total, activeMembers: change.active },
            response: reading.response,
          });
        }
      } catch (error) {
        if (!(error instanceof Unjudgeable)) throw error;
        judge.inconclusive(rule, error.message);
      } finally {
        // Leave the fixture contact out of the group again.
        await importContacts(api, target, createdContacts, { contacts, removeGroupIDs: [group] });
      }
    }
  });

  test('a record with customFields as a map of {value} objects imports successfully', {
    tag: ['@rule:contacts.import.customFields'],
  }, async ({ api, judge, target, createdContacts }) => {
    const rule = 'contacts.import.customFields';
    if (!judge.needs(rule)) return;
    const batches = fc.record({ size: smallBatchSize(), cases: fc.array(letterCase, { minLength: 1, maxLength: 1 }), value: customFieldValue });
    await judge.property(rule, batches, async ({ size, cases, value }, sample) => {
      const records = freshContacts(book, 'email+customFields', Array(size).fill(cases[0]), value);
      const reading = await importContacts(api, target, createdContacts, { contacts: records });
      const failed = (reading.rows ?? []).flatMap((row, index) => (row.success ? [] : [index + 1]));
      sample.expect(reading.accepted && reading.rows?.length === size && failed.length === 0, {
        title: `${size} record(s) with customFields {emsConformanceTag: {value: ${JSON.stringify(value)}}} import successfully`,
        expected: { call: 'success', failedRows: [] },
        actual: { call: reading.response.outcome, failedRows: failed, rows: rowsSummary(reading) },
        response: reading.response,
      });
    });
  });
});

/** The Static groups this file uses (never those of the model-based file). */
async function suiteGroups(api: ApiClient): Promise<number[]> {
  return staticGroupsFor('contacts-import', await directoryOrInconclusive(api));
}

async function directoryOrInconclusive(api: ApiClient) {
  try {
    return await groupDirectory(api);
  } catch (error) {
    if (error instanceof Unjudgeable) return { statics: [], dynamics: [] };
    throw error;
  }
}

/** Fresh contacts to import and then import again: their shape and the letter case of each address. */
const reimportPlan = fc.record({ shape: contactShape, cases: fc.array(letterCase, { minLength: 1, maxLength: 6 }) });

/**
 * Imports fresh contacts, then the same addresses again (with new customFields data when the shape has them),
 * with or without updateExisting; the first import must succeed row by row for the second to be judged.
 */
async function reimport(
  api: ApiClient,
  target: Parameters<typeof importContacts>[1],
  createdContacts: Parameters<typeof importContacts>[2],
  shape: ContactShape,
  cases: LetterCase[],
  updateExisting: boolean | undefined,
  sample: Sample,
): Promise<ImportReading & { rows: NonNullable<ImportReading['rows']> }> {
  const records = freshContacts(book, shape, cases, 'first');
  const first = await importContacts(api, target, createdContacts, { contacts: records });
  if (!first.accepted || first.rows?.length !== records.length || first.rows.some((row) => !row.success || !row.inserted)) {
    sample.inconclusive('importing the fresh contacts did not insert each of them, so there was nothing existing to re-import');
  }
  // The same addresses with new data where the shape carries any (an email-only record has none to change).
  const again = records.map((record) => contactOfShape(shape, record.email!, 'second'));
  const second = await importContacts(api, target, createdContacts, { contacts: again, ...(updateExisting === undefined ? {} : { updateExisting }) });
  if (!second.accepted || second.rows?.length !== again.length || second.rows.some((row) => !row.success)) {
    sample.inconclusive('re-importing the contacts did not succeed row by row');
  }
  return second as ImportReading & { rows: NonNullable<ImportReading['rows']> };
}
