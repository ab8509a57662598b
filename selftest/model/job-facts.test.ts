/**
 * The model's facts of a jobStatus answer that sees its job Completed: a file with records, none without,
 * an expiration after the moment it was seen; and the exploration's oracle asking them of one answer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadProfile } from '../../harness/contract';
import { expirationAhead, fileWithRecords, noFileWithoutRecords, rejectionOf } from '../../harness/model';

const profile = loadProfile('service');
const target = { profile, baseUrl: 'http://localhost/v1' };
const completed = (job: Record<string, unknown>, date?: string) =>
  ({ op: 'exports.jobStatus', method: 'GET', outcome: 'success', params: { jobID: 1 }, token: { header: true, query: false, body: false },
    payload: { status: 'Completed', ...job }, job: { status: 'Completed' }, errors: [], startedAt: 0, durationMs: 1, ...(date ? { date } : {}) }) as never;

describe('job facts', () => {
  test('should require fileKey and fileExpiration of a Completed job with records', () => {
    assert.equal(fileWithRecords(completed({ totalRecords: 3, fileKey: 'k', fileExpiration: '2030-01-01 00:00:00' }), profile, 3), undefined);
    assert.deepEqual((fileWithRecords(completed({ totalRecords: 3, fileKey: '' }), profile, 3) as { actual: unknown }).actual, { fileKey: null, fileExpiration: null });
  });

  test('should refuse a fileKey of a Completed job without records, and accept none, null or ""', () => {
    assert.ok(noFileWithoutRecords(completed({ totalRecords: 0, fileKey: 'k' }), profile, 0));
    for (const fileKey of [undefined, null, '']) assert.equal(noFileWithoutRecords(completed({ totalRecords: 0, fileKey }), profile, 0), undefined);
  });

  test('should refuse a fileExpiration before the moment the job was seen Completed, beyond the clock skew', () => {
    const seen = { at: Date.parse('2030-01-01T12:00:00Z'), basis: 'test' };
    assert.ok(expirationAhead(completed({ fileExpiration: '2030-01-01 11:00:00' }), profile, seen));
    assert.equal(expirationAhead(completed({ fileExpiration: '2030-01-01 11:58:00' }), profile, seen), undefined);
  });

  test('should reject a Completed answer with records and no file in the exploration, and allow a Pending one', () => {
    assert.match(rejectionOf(completed({ totalRecords: 2 }), target)?.title ?? '', /carries fileKey and fileExpiration/);
    const pending = { ...(completed({}) as object), payload: { status: 'Pending' }, job: { status: 'Pending' } } as never;
    assert.equal(rejectionOf(pending, target), undefined);
  });
});
