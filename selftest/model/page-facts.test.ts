/**
 * The model's facts of one page against its own request: the paging block's totals, page number and links,
 * and no more records than the page size asked (or the documented default); the exploration's oracle asks them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { askedPageSize, overfullPage, pageDeparture, rejectionOf } from '../../harness/model';

const base = 'http://localhost/v1';
const target = { profile: { datetime: { format: 'YYYY-MM-DD HH:mm:ss' } }, baseUrl: base } as never;
const answer = (params: Record<string, unknown>, count: number, paging: Record<string, unknown> = {}) =>
  ({ op: 'groups.search', method: 'GET', outcome: 'success', params, token: { header: true, query: false, body: false }, records: Array.from({ length: count }, (_, i) => ({ groupID: i + 1, groupName: `g${String(i).padStart(3, '0')}`, status: 'Active' })), paging }) as never;

describe('page facts', () => {
  test('should ask the rpp sent within bounds, else the documented default when none is sent', () => {
    assert.equal(askedPageSize('groups.search', answer({ rpp: 5 }, 0)), 5);
    assert.equal(askedPageSize('groups.search', answer({}, 0)), 20);
    assert.equal(askedPageSize('groups.search', answer({ rpp: 999 }, 0)), undefined);
  });

  test('should reject a page holding more records than its size', () => {
    assert.match(overfullPage(answer({ rpp: 2 }, 3), 2, 'page')?.title ?? '', /holds 3 records, more than 2/);
    assert.equal(overfullPage(answer({ rpp: 2 }, 2), 2, 'page'), undefined);
  });

  test('should reject totalPages other than ceil(totalRecords / rpp), and links that do not name the neighbours', () => {
    assert.match(pageDeparture(answer({ page: 1, rpp: 2 }, 2, { totalRecords: 5, totalPages: 2 }), 1, 2, base)?.title ?? '', /ceil\(5 \/ 2\)/);
    assert.equal(pageDeparture(answer({ page: 1, rpp: 2 }, 2, { totalRecords: 5, totalPages: 3, next: `${base}/groups/search?page=2`, prev: '' }), 1, 2, base), undefined);
    assert.match(pageDeparture(answer({ page: 1, rpp: 2 }, 2, { totalRecords: 5, totalPages: 3, next: `${base}/groups/search?page=3` }), 1, 2, base)?.title ?? '', /next links to page 2/);
  });

  test('should reject a served search page that breaks its paging in the exploration, and allow one that keeps it', () => {
    assert.match(rejectionOf(answer({ rpp: 2, page: 1 }, 3, { totalRecords: 3, totalPages: 2 }), target)?.title ?? '', /more than 2/);
    assert.equal(rejectionOf(answer({ rpp: 2, page: 2 }, 1, { totalRecords: 3, totalPages: 2, next: '', prev: `${base}/groups/search?page=1` }), target), undefined);
  });
});
