// @silent-point import.unchanged-row-updated
/**
 * Judges of what an import does to contacts the traffic shows existing (an earlier accepted import answered
 * a successful row for the same address, under the same token): matched, not inserted, given their own
 * contactID; updated or left as they were as updateExisting says. Pure: no I/O.
 */
import type { TrafficContext, Judgement } from '../../harness/check';
import { readInteger } from '../../harness/oracles';
import { VerdictTally } from '../shared/judges';
import { importHistory } from '../../harness/model';
import { changesData, type ImportedRow, type RecordedImport, type UpdateExisting } from '../../harness/model';

/** Two contactIDs name the same contact: equal as integers (a JSON integer or a string of digits). */
export function sameID(a: unknown, b: unknown): boolean {
  const [x, y] = [readInteger(a), readInteger(b)];
  return x !== undefined ? x === y : a === b;
}

/** The successful rows of accepted imports whose exact contact the traffic showed existing before, once per address of the call. */
function reimportedRows(ctx: TrafficContext, updateExisting?: UpdateExisting): Array<{ imported: RecordedImport; item: ImportedRow & { before: NonNullable<ImportedRow['before']>; row: NonNullable<ImportedRow['row']> } }> {
  return importHistory(ctx.traffic, ctx.target)
    .filter((imported) => updateExisting === undefined || imported.updateExisting === updateExisting)
    .flatMap((imported) =>
      imported.rows.flatMap((item) => (item.before && item.row?.success && !item.repeated ? [{ imported, item: item as typeof item & { before: NonNullable<ImportedRow['before']>; row: NonNullable<ImportedRow['row']> } }] : [])),
    );
}

/**
 * match.existing: a re-imported address is not inserted and, where its row carries a contactID, carries
 * the one the contact was given. An address known in another letter case only is either matched to it
 * (not inserted, the same contactID) or a new contact (inserted, another contactID): no case rule is written.
 */
export function judgeMatchExisting(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  let compared = 0;
  for (const { imported, item } of reimportedRows(ctx)) {
    const { row, before, email } = item;
    const comparable = row.hasContactID && before.contactID !== undefined;
    if (comparable) compared += 1;
    tally.expect(!row.inserted && (!comparable || sameID(row.contactID, before.contactID)), {
      title: `re-imported ${email} is matched to the existing contact: not inserted, its own contactID returned`,
      expected: { inserted: 0, contactID: before.contactID },
      actual: { inserted: row.inserted, contactID: row.contactID }, response: imported.exchange,
    });
  }
  for (const imported of importHistory(ctx.traffic, ctx.target)) {
    for (const { row, before, caseVariants, email, repeated } of imported.rows) {
      const variant = caseVariants[0];
      if (before || repeated || caseVariants.length !== 1 || !row?.success || !row.hasContactID || variant?.contactID === undefined) continue;
      const matched = !row.inserted;
      tally.expect(matched === sameID(row.contactID, variant.contactID), {
        title: `${email}, known in another letter case, is either matched to that contact (not inserted, same contactID) or a new contact (inserted, another contactID)`,
        expected: matched ? { inserted: 0, contactID: variant.contactID } : { inserted: 1, contactID: `not ${String(variant.contactID)}` },
        actual: { inserted: row.inserted, contactID: row.contactID }, response: imported.exchange,
      });
    }
  }
  return tally.verdicts({
    none: 'no accepted import re-imported an address an earlier import had answered',
    missing: compared === 0 ? ['no re-imported row carried a contactID to compare with the one first given'] : [],
  });
}

/**
 * updateExisting.default: without updateExisting a re-imported contact is not inserted, and is updated
 * where the record changes what the traffic shows it holds (whether re-sending the values a contact already
 * has counts as updated is not written, so such a row's updated flag is not judged).
 */
export function judgeUpdateDefault(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  let changed = 0;
  for (const { imported, item } of reimportedRows(ctx, 'absent')) {
    const { row, before, email, record } = item;
    const changes = changesData(record, before.data) === true;
    if (changes) changed += 1;
    tally.expect(!row.inserted && (!changes || row.updated), {
      title: `existing ${email} re-imported without updateExisting${changes ? ' with new data' : ''} is ${changes ? 'updated, ' : ''}not inserted`,
      expected: { inserted: 0, ...(changes ? { updated: 1 } : {}) },
      actual: { inserted: row.inserted, updated: row.updated }, response: imported.exchange,
    });
  }
  return tally.verdicts({
    none: 'no accepted import without updateExisting re-imported an existing contact',
    missing: changed === 0 ? ['no existing contact was re-imported without updateExisting with data other than it held'] : [],
  });
}

/** updateExisting.off: with updateExisting 0 a re-imported contact is neither updated nor inserted. */
export function judgeUpdateOff(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  let changed = 0;
  for (const { imported, item } of reimportedRows(ctx, 'off')) {
    const { row, email, record, before } = item;
    if (changesData(record, before.data) === true) changed += 1;
    tally.expect(!row.inserted && !row.updated, {
      title: `existing ${email} re-imported with updateExisting 0 is neither updated nor inserted`,
      expected: { inserted: 0, updated: 0 },
      actual: { inserted: row.inserted, updated: row.updated }, response: imported.exchange,
    });
  }
  return tally.verdicts({
    none: 'no accepted import with updateExisting 0 re-imported an existing contact',
    missing: changed === 0 ? ['no existing contact was re-imported with updateExisting 0 with data other than it held'] : [],
  });
}
