/**
 * The model's documented facts of an import answer: each rejects an answer that breaks its sentence, holds
 * for one that keeps it, and the exploration's oracle (rejectionOf) asks them all of an accepted import.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { IMPORT_FACTS, importRejection, readImport, rejectionOf } from '../../harness/model';

const target = { profile: { datetime: { format: 'YYYY-MM-DD HH:mm:ss' } } } as never;
const records = [{ email: 'a@example.com' }, { email: 'b@example.com' }];
const row = (email: string, over: Record<string, unknown> = {}) => ({ email, contactID: 7, success: 1, inserted: 1, updated: 0, errors: [], ...over });
const answer = (result: Record<string, unknown>) =>
  ({ op: 'contacts.import', method: 'POST', outcome: 'success', params: { contacts: records }, token: { header: true, query: false, body: false }, importResult: result, errors: [] }) as never;
const sound = { recordsInData: 2, recordsInserted: 2, recordsUpdated: 0, contactResults: [row('a@example.com'), row('B@Example.com')] };

describe('import answer facts', () => {
  test('should hold every fact for an answer that keeps them (an address echoed in another letter case included)', () => {
    assert.equal(importRejection(records, readImport(answer(sound), target)), undefined);
    assert.equal(rejectionOf(answer(sound), target), undefined);
  });

  test('should reject recordsInData other than the records passed', () => {
    assert.match((IMPORT_FACTS.recordsInData(records, readImport(answer({ ...sound, recordsInData: 3 }), target)) as { title: string }).title, /recordsInData is the 2/);
  });

  test('should reject rows out of input order, and a missing row', () => {
    const swapped = { ...sound, contactResults: [row('b@example.com'), row('a@example.com')] };
    assert.ok(typeof IMPORT_FACTS.rowsInInputOrder(records, readImport(answer(swapped), target)) === 'object');
    assert.match(rejectionOf(answer({ ...sound, contactResults: [row('a@example.com')] }), target)?.title ?? '', /one result per input row/);
  });

  test('should reject counts that disagree with the rows flagged', () => {
    assert.ok(typeof IMPORT_FACTS.countsOfRows(records, readImport(answer({ ...sound, recordsUpdated: 1 }), target)) === 'object');
  });

  test('should reject a contactID on a failed row, and say nothing of failures when no row failed', () => {
    const failed = { ...sound, recordsInserted: 1, warnings: ['row 2'], contactResults: [row('a@example.com'), row('b@example.com', { success: 0, inserted: 0, errors: ['bad'] })] };
    assert.match(rejectionOf(answer(failed), target)?.title ?? '', /row 2 failed and carries no contactID/);
    assert.equal(typeof IMPORT_FACTS.failureReported(records, readImport(answer(sound), target)), 'string');
  });

  test('should reject a failed row without errors, or an answer with a failed row and no warnings', () => {
    const bare = { ...sound, recordsInserted: 1, contactResults: [row('a@example.com'), row('b@example.com', { success: 0, inserted: 0, contactID: null, errors: ['bad'] })] };
    assert.match((IMPORT_FACTS.failureReported(records, readImport(answer(bare), target)) as { title: string }).title, /carries warnings/);
    const silent = { ...bare, warnings: ['x'], contactResults: [row('a@example.com'), row('b@example.com', { success: 0, inserted: 0, contactID: null, errors: [] })] };
    assert.match((IMPORT_FACTS.failureReported(records, readImport(answer(silent), target)) as { title: string }).title, /non-empty errors array/);
  });
});
