/**
 * The model's reading of a search's order: which order a request asks (both sort parameters, a sortField
 * alone, the documented defaults by status), where the documents give none, and whether one answer or two
 * consecutive pages hold it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { askedOrder, judgeContinuation, rejectionOf } from '../../harness/model';

const target = { profile: { datetime: { format: 'YYYY-MM-DD HH:mm:ss' } } } as never;

describe('the order a search asks', () => {
  test('should read both sort parameters in any letter case, and the documented direction for a sortField alone', () => {
    assert.deepEqual(askedOrder('groups.search', { sortField: 'TOTALMEMBERS', sortDirection: 'Desc' }), { field: 'totalMembers', direction: 'desc', by: 'sortField and sortDirection' });
    assert.deepEqual(askedOrder('emails.search', { sortField: 'title' }), { field: 'title', direction: 'asc', by: 'sortField alone' });
  });

  test('should ask no order of a sortField or sortDirection outside the spec, or of a sortDirection alone', () => {
    assert.equal(askedOrder('groups.search', { sortField: 'bogus', sortDirection: 'asc' }), undefined);
    assert.equal(askedOrder('groups.search', { sortField: 'groupID', sortDirection: 'up' }), undefined);
    assert.equal(askedOrder('groups.search', { sortDirection: 'desc' }), undefined);
  });

  test('should give groups their documented default and emails the default of the statuses searched', () => {
    assert.deepEqual(askedOrder('groups.search', {}), { field: 'groupName', direction: 'asc', by: 'default', defaultCase: 'default' });
    assert.equal(askedOrder('emails.search', {})?.field, 'dateSent');
    assert.equal(askedOrder('emails.search', {})?.direction, 'desc');
    assert.equal(askedOrder('emails.search', { status: ['draft', 'scheduled'] })?.field, 'dateAdded');
    assert.equal(askedOrder('emails.search', { deliveryType: 'transactional', status: ['draft'] })?.field, 'dateSent');
    assert.equal(askedOrder('emails.search', { deliveryType: 'automated', automatedResults: 'detail' })?.field, 'dateSent');
  });

  test('should ask no default where the documents give none: statuses of two defaults, automated summaries', () => {
    assert.equal(askedOrder('emails.search', { status: ['sent', 'draft'] }), undefined);
    assert.equal(askedOrder('emails.search', { deliveryType: 'automated' }), undefined);
  });
});

describe('pages and answers against the order', () => {
  const order = { field: 'groupID', direction: 'asc' as const, label: 'groupID asc' };
  const page = (page: number, ids: number[]) => ({ page, records: ids.map((groupID) => ({ groupID })) });

  test('should accept page 2 continuing page 1, and fail one that starts before page 1 ended', () => {
    assert.equal(judgeContinuation(target, 'groups.search', order, { first: page(1, [1, 2]), second: page(2, [3, 4]) }).ok, true);
    const broken = judgeContinuation(target, 'groups.search', order, { first: page(1, [3, 4]), second: page(2, [1, 2]) });
    assert.equal(broken.ok, false);
    assert.match(broken.reason, /4 \(groupID 4, page 1\) comes before 1 \(groupID 1, page 2\)/);
  });

  test('should judge nothing across pages when one page is empty', () => {
    assert.equal(judgeContinuation(target, 'groups.search', order, { first: page(1, [1, 2]), second: page(2, []) }).comparable, 0);
  });

  test('should reject a served answer out of the order it asked, and allow the same records in order', () => {
    const answer = (ids: number[]) => ({
      op: 'groups.search', method: 'GET', outcome: 'success', params: { sortField: 'groupID', sortDirection: 'desc' },
      token: { header: true, query: false, body: false }, records: ids.map((groupID) => ({ groupID, status: 'Active' })),
    }) as never;
    assert.match(rejectionOf(answer([1, 3, 2]), target)?.title ?? '', /out of the order asked/);
    assert.equal(rejectionOf(answer([3, 2, 1]), target), undefined);
  });
});
