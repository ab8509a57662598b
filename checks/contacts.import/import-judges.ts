/**
 * The contacts/import rules on recorded imports: each accepted answer against the records its request
 * sent (recordsInData, row order, contactID, row reports, counts), rows that must fail (no email, a
 * structure other than the first record's), and the call limits (1 to 1000 records).
 */
import { boundsOf } from '../../generators';
import type { RecordedExchange, TrafficContext, Judgement } from '../../harness/check';
import { VerdictTally, type FailureEvidence } from '../shared/judges';
import { importAcceptancePromised, isObject, readImport, resultFor, sentEmail, sentRecords, type ImportReading, tokenWorks } from '../../harness/model';

const OP = 'contacts.import';

/** The kinds of import a rule needs to see judged (`classes`), and those one judged import is of (`of`). */
export interface ImportCoverage {
  classes: readonly string[];
  of: (exchange: RecordedExchange, records: unknown[], reading: ImportReading) => string[];
}

/**
 * Judges each accepted import whose request sent an array of records: `judgeOne` gives the failure to
 * record, undefined when the answer holds, or a string when it has nothing to say about this import. With
 * `coverage`, it passes only once an import of each of its classes was judged.
 */
export function judgeImports(ctx: TrafficContext, none: string, judgeOne: (records: unknown[], reading: ImportReading) => Omit<FailureEvidence, 'response'> | string | undefined, coverage?: ImportCoverage): Judgement {
  const tally = new VerdictTally();
  const seen = new Set<string>();
  for (const exchange of ctx.traffic.of(OP)) {
    const records = sentRecords(exchange);
    const reading = readImport(exchange, ctx.target);
    if (!records || !reading.accepted) continue;
    const outcome = judgeOne(records, reading);
    if (typeof outcome === 'string') tally.skip(outcome);
    else if (tally.expect(outcome === undefined, { ...(outcome ?? { title: '' }), response: exchange })) for (const kind of coverage?.of(exchange, records, reading) ?? []) seen.add(kind);
  }
  const unexercised = (coverage?.classes ?? []).filter((kind) => !seen.has(kind));
  return tally.verdicts({ none, missing: tally.judged > 0 && unexercised.length > 0 ? [`never judged: an import ${unexercised.join('; an import ')}`] : [] });
}

const keysOf = (record: unknown): string => (isObject(record) ? Object.keys(record).sort().join(',') : '');

/**
 * The rows of a batch that must fail as rows (`mustFail` picks them), in a call that must succeed: an
 * accepted call with such a row succeeding fails the rule, and so does a refused call the documents promise
 * to accept (importAcceptancePromised: a batch within the limits, a working token, no input whose acceptance
 * is unwritten, such as a group in both lists or a record carrying a contactID: a target may refuse those).
 */
export function judgeFailingRows(ctx: TrafficContext, what: string, mustFail: (record: unknown, index: number, records: unknown[]) => boolean): Judgement {
  const tally = new VerdictTally();
  for (const exchange of ctx.traffic.of(OP)) {
    const records = sentRecords(exchange);
    const defective = records?.map((record, index) => index).filter((index) => mustFail(records[index], index, records)) ?? [];
    if (!records || defective.length === 0 || exchange.outcome === 'transport') continue;
    const reading = readImport(exchange, ctx.target);
    if (!reading.accepted && !importAcceptancePromised(ctx.traffic, exchange)) continue;
    const rows = reading.rows ?? [];
    const wrong = defective.filter((index) => resultFor(records, rows, index)?.success !== false);
    tally.expect(reading.accepted && wrong.length === 0, {
      title: `row ${(wrong[0] ?? defective[0]!) + 1} (${what}) fails as a row, the call succeeding`,
      expected: { call: 'success', rows: defective.map((index) => ({ row: index + 1, success: 0 })) },
      actual: { call: exchange.outcome, rows: rows.map((row) => ({ email: row.email, success: row.success })) }, response: exchange,
    });
  }
  return tally.verdicts({ none: `no import sent a record ${what}` });
}

/** email.required: a record without an email address (no key, or "") fails as a row. */
export const judgeEmailRequired = (ctx: TrafficContext): Judgement => judgeFailingRows(ctx, 'without an email address', (record) => isObject(record) && sentEmail(record) === undefined);

/** structure.first-record: a record whose keys differ from the first record's fails as a row. */
export const judgeFirstRecordStructure = (ctx: TrafficContext): Judgement =>
  judgeFailingRows(ctx, "whose keys differ from the first record's", (record, index, records) => index > 0 && isObject(record) && isObject(records[0]) && keysOf(record) !== keysOf(records[0]));

/** The addresses an accepted import reports as rows that existed before it (success, not inserted). */
const existedBefore = (reading: ImportReading): Set<string> =>
  new Set((reading.rows ?? []).filter((row) => row.success && !row.inserted && typeof row.email === 'string').map((row) => (row.email as string).toLowerCase()));

/**
 * count.limits: a batch of 1 to 1000 records (and nothing else sent) is accepted; none, an empty array or
 * more than 1000 are refused, and write nothing: an address of a refused batch that no import sent before
 * is new to the next import that sends it.
 */
export function judgeCountLimits(ctx: TrafficContext): Judgement {
  const tally = new VerdictTally();
  const { min, max = 1000 } = boundsOf(OP, 'contacts');
  const imports = ctx.traffic.of(OP);
  let refused = 0;
  let accepted = 0;
  imports.forEach((exchange, position) => {
    const records = sentRecords(exchange);
    const reading = readImport(exchange, ctx.target);
    if (exchange.outcome === 'transport' || (records === undefined && exchange.params.contacts !== undefined)) return;
    const count = records?.length ?? 0;
    const within = count >= min && count <= max;
    if (!within) {
      if (exchange.outcome === 'error' && !tokenWorks(ctx.traffic, exchange)) return;
      if (tally.expect(exchange.outcome === 'error', { title: `a call with ${records ? `${count} contacts` : 'no contacts'} is refused`, expected: 'error', actual: { outcome: exchange.outcome, recordsInData: reading.result?.recordsInData }, response: exchange })) refused += 1;
      if (exchange.outcome !== 'error' || !records) return;
      const sentBefore = new Set(imports.slice(0, position).flatMap((e) => sentRecords(e) ?? []).map((r) => sentEmail(r)?.toLowerCase()));
      const emails = new Set(records.map((r) => sentEmail(r)?.toLowerCase()).filter((e): e is string => e !== undefined && !sentBefore.has(e)));
      const later = imports.slice(position + 1).map((e) => ({ e, reading: readImport(e, ctx.target) })).find(({ reading: r }) => r.accepted && (r.rows ?? []).some((row) => typeof row.email === 'string' && emails.has(row.email.toLowerCase())));
      if (!later) return;
      const written = [...existedBefore(later.reading)].filter((email) => emails.has(email));
      tally.expect(written.length === 0, { title: `a refused batch of ${count} writes nothing: its addresses are new to the next import`, expected: { notInserted: [] }, actual: { notInserted: written.slice(0, 5) }, response: later.e });
      return;
    }
    const plain = Object.keys(exchange.params).every((name) => name === 'contacts' || name === 'updateExisting') && records!.every((r) => sentEmail(r) !== undefined);
    if (!plain || !importAcceptancePromised(ctx.traffic, exchange)) return;
    if (tally.expect(exchange.outcome === 'success', { title: `a batch of ${count} contact(s) is accepted`, expected: 'success', actual: { outcome: exchange.outcome, errors: exchange.errors }, response: exchange })) accepted += 1;
  });
  const missing = [...(refused === 0 ? ['no call outside the limits was judged'] : []), ...(accepted === 0 ? ['no batch within the limits was judged'] : [])];
  return tally.verdicts({ none: 'no import call', missing });
}
