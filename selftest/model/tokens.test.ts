/**
 * The model's reading of tokens: a success without a token, with one nobody issued, outside the header alone,
 * or to a token lacking the permission the operation requires is rejected; the tokens the traffic shows valid.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { rejectionOf, tokenRejection, validTokens } from '../../harness/model';

const exchange = (op: string, token: Record<string, unknown>, outcome = 'success') =>
  ({ op, method: 'GET', outcome, params: {}, token: { header: true, query: false, body: false, id: 'token#1', ...token }, records: [], errors: [] }) as never;

describe('tokens', () => {
  test('should reject a success without a token, with an unissued one, or outside the header alone', () => {
    assert.match(tokenRejection(exchange('emails.search', { header: false, id: undefined }))?.title ?? '', /carries no token/);
    assert.match(tokenRejection(exchange('helper.ping', { role: 'unissued' }))?.title ?? '', /nobody issued/);
    assert.match(tokenRejection(exchange('emails.search', { header: false, query: true }))?.title ?? '', /not in the Authorization header alone/);
  });

  test('should reject a success to a token lacking the permission the operation requires, and only there', () => {
    assert.match(tokenRejection(exchange('groups.search', { role: 'noGroups' }))?.title ?? '', /lacking Create Groups/);
    assert.match(tokenRejection(exchange('contacts.import', { role: 'noImport' }))?.title ?? '', /lacking Contacts \(Import\)/);
    assert.equal(tokenRejection(exchange('emails.search', { role: 'noGroups' })), undefined);
    assert.equal(tokenRejection(exchange('groups.search', { role: 'app' })), undefined);
    assert.equal(tokenRejection(exchange('groups.search', { role: 'noGroups' }, 'error')), undefined);
  });

  test('should put the token first in the exploration oracle, and read valid tokens from successes in the header', () => {
    assert.match(rejectionOf(exchange('groups.search', { role: 'noGroups' }), { profile: {}, baseUrl: 'http://x' } as never)?.title ?? '', /Create Groups/);
    const traffic = { exchanges: [exchange('helper.ping', { id: 'token#2' }), exchange('helper.ping', { id: 'token#3' }, 'error')] } as never;
    assert.deepEqual([...validTokens(traffic)], ['token#2']);
  });
});
