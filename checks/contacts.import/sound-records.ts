/**
 * The judges of the rows a recorded import must import (the model's soundRecord and defectiveRecord):
 * customFields (a well-formed customFields record imports) and row isolation (a failing row fails alone). Pure: no I/O.
 */
import type { RecordedExchange, TrafficContext, Judgement } from '../../harness/check';
import { VerdictTally } from '../shared/judges';
import { importAcceptancePromised, importHistory } from '../../harness/model';
import { defectiveRecord, isObject, rowsSummary, soundRecord, type RecordedImport } from '../../harness/model';

/** A call whose refusal no written rule explains: nothing but contacts (and updateExisting) sent, and a call the documents promise to accept (importAcceptancePromised). */
function callMustSucceed(ctx: TrafficContext, exchange: RecordedExchange): boolean {
  const plain = Object.keys(exchange.params).every((name) => name === 'contacts' || name === 'updateExisting');
  return plain && importAcceptancePromised(ctx.traffic, exchange);
}

/** Imports whose rows these judges can read: an array of records sent, updateExisting not 0 (a row not updated may report either way), an answer or a refusal. */
const judgeable = (imported: RecordedImport): imported is RecordedImport & { records: unknown[] } =>
  imported.records !== undefined && imported.exchange.outcome !== 'transport' && (imported.updateExisting === 'absent' || imported.updateExisting === 'on');

/** customFields: in a batch without a defective record, each sound record carrying customFields imports (its row succeeds; its call is not refused). */
export function judgeCustomFields(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  for (const imported of importHistory(ctx.traffic, ctx.target)) {
    if (!judgeable(imported)) continue;
    const { records, exchange, reading } = imported;
    // Next to a defective record, a failing row is row isolation's question.
    if (records.some((_, index) => defectiveRecord(records, index))) continue;
    const carrying = records.map((_, index) => index).filter((index) => soundRecord(records, index, ctx.target) && isObject(records[index]) && 'customFields' in (records[index] as object));
    if (carrying.length === 0) continue;
    if (!reading.accepted) {
      if (carrying.length !== records.length || !callMustSucceed(ctx, exchange)) continue;
      tally.expect(false, { title: `a batch of ${records.length} record(s) with customFields as a map of {value} objects is accepted`, expected: 'success', actual: { outcome: exchange.outcome, errors: exchange.errors }, response: exchange });
      continue;
    }
    const failed = carrying.filter((index) => imported.rows[index]?.row?.success !== true);
    tally.expect(failed.length === 0, {
      title: `row ${(failed[0] ?? 0) + 1}, with customFields ${JSON.stringify((records[failed[0] ?? 0] as { customFields?: unknown }).customFields)}, imports successfully`,
      expected: { failedRows: [] },
      actual: { failedRows: failed.map((index) => index + 1), rows: rowsSummary(reading) }, response: exchange,
    });
  }
  return tally.verdicts({ none: 'no import sent a sound record with customFields as a map of {value} objects' });
}

/** The fields a record sets (its keys, and each custom field by name): rows of the same fields are alike. */
const fieldNames = (record: unknown): string =>
  isObject(record) ? Object.entries(record).flatMap(([name, value]) => (name === 'customFields' && isObject(value) ? Object.keys(value).map((field) => `customFields.${field}`) : [name])).sort().join(',') : '';

/**
 * row.isolated: in a batch where a row fails (or a record is defective), the call succeeds and every sound
 * row succeeds. Where a sound row failed, it is judged only when rows of the same fields succeeded in a call
 * where nothing failed (else records of that kind may fail on their own).
 */
export function judgeRowIsolated(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const imports = importHistory(ctx.traffic, ctx.target);
  const importable = new Set(
    imports.filter((imported) => imported.rows.length > 0 && imported.rows.every((item) => item.row?.success)).flatMap((imported) => imported.rows.map((item) => fieldNames(item.record))),
  );
  for (const imported of imports) {
    if (!judgeable(imported)) continue;
    const { records, exchange, reading } = imported;
    const indexes = records.map((_, index) => index);
    const sound = indexes.filter((index) => soundRecord(records, index, ctx.target));
    const failing = indexes.filter((index) => defectiveRecord(records, index) || (reading.accepted && imported.rows[index]?.row?.success === false));
    if (sound.length === 0 || failing.length === 0) continue;
    if (!reading.accepted) {
      if (!callMustSucceed(ctx, exchange)) continue;
      tally.expect(false, { title: `a batch with a failing row (row ${failing[0]! + 1}) is accepted as a call`, expected: 'success', actual: { outcome: exchange.outcome, errors: exchange.errors }, response: exchange });
      continue;
    }
    const failed = sound.filter((index) => imported.rows[index]?.row?.success !== true);
    const unexplained = failed.filter((index) => importable.has(fieldNames(records[index])));
    if (failed.length > unexplained.length) tally.unsettle(`sound rows of fields no call imported without failures failed next to a failing row (${fieldNames(records[failed[0]!])})`);
    tally.expect(unexplained.length === 0, {
      title: `every row but the failing row ${failing[0]! + 1} succeeds`,
      expected: { failedRows: failing.map((index) => index + 1) },
      actual: { failedRows: [...new Set([...failing, ...failed])].sort((a, b) => a - b).map((index) => index + 1), rows: rowsSummary(reading) }, response: exchange,
    });
  }
  return tally.verdicts({ none: 'no import sent a failing row together with sound ones' });
}
