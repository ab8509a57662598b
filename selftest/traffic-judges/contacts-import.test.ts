/** The contacts/import traffic judges on recorded imports. */
import { describe, test } from 'node:test';
import { checks } from '../../checks/contacts.import';
import type { RawExchange } from '../../harness/traffic';
import { call, checkOf, expectVerdicts as verdictsOf, ok, PING, refused, type Row } from './support';

const expectVerdicts = (rule: string, cases: { pass: RawExchange[]; fail: RawExchange[]; none?: RawExchange[] }) =>
  verdictsOf(checkOf(checks, rule), { ...cases, none: cases.none ?? PING });

const POST = { method: 'POST' as const };
const row = (email: string, over: Row = {}): Row => ({ email, contactID: 100 + email.length, success: 1, inserted: 1, updated: 0, errors: [], ...over });
const failed = (email: string, over: Row = {}): Row => row(email, { contactID: '', success: 0, inserted: 0, errors: ['invalid record'], ...over });
const answer = (rows: Row[], over: Row = {}) =>
  ok({
    recordsInData: rows.length, recordsInserted: rows.filter((r) => r.inserted).length, recordsUpdated: rows.filter((r) => r.updated).length,
    contactResults: rows, ...(rows.some((r) => !r.success) ? { warnings: ['a row failed'] } : {}), ...over,
  });
const importing = (contacts: unknown[], body: unknown) => call('contacts.import', { contacts }, body, POST);
const A = 'a@example.com';
const B = 'b@example.com';
const C = 'c@example.com';
const good = importing([{ email: A }, { email: B }], answer([row(A), row(B)]));
/** A batch whose second record has no email: the row fails, the call succeeds. */
const noEmail = importing([{ email: A }, { email: '' }], answer([row(A), failed('')]));

describe('contacts/import traffic judges', () => {
  test('contacts.import.recordsInData', () =>
    expectVerdicts('contacts.import.recordsInData', { pass: [good], fail: [importing([{ email: A }, { email: '' }], answer([row(A), failed('')], { recordsInData: 1 }))] }));

  test('contacts.import.results.order', () =>
    expectVerdicts('contacts.import.results.order', { pass: [good], fail: [importing([{ email: A }, { email: B }], answer([row(B), row(A)]))] }));

  test('contacts.import.contactID.success-only', () =>
    expectVerdicts('contacts.import.contactID.success-only', { pass: [good, noEmail], fail: [importing([{ email: A }, { email: '' }], answer([row(A), failed('', { contactID: 55 })]))] }));

  test('contacts.import.row.reported', () =>
    expectVerdicts('contacts.import.row.reported', { pass: [noEmail], fail: [importing([{ email: A }, { email: '' }], answer([row(A), failed('', { errors: [] })]))], none: [good] }));

  test('contacts.import.counts.agree', () =>
    expectVerdicts('contacts.import.counts.agree', { pass: [good], fail: [importing([{ email: A }, { email: B }], answer([row(A), row(B, { inserted: 0, updated: 1 })], { recordsInserted: 2, recordsUpdated: 1 }))] }));

  test('contacts.import.email.required', () =>
    expectVerdicts('contacts.import.email.required', { pass: [good, noEmail], fail: [good, importing([{ email: A }, { email: '' }], answer([row(A), row('')]))], none: [good] }));

  test('contacts.import.structure.first-record', () => {
    const extra = [{ email: A }, { email: C, customFields: { tier: { value: 'x' } } }];
    return expectVerdicts('contacts.import.structure.first-record', {
      pass: [good, importing(extra, answer([row(A), failed(C)]))],
      fail: [good, importing(extra, answer([row(A), row(C)]))],
      none: [good],
    });
  });

  test('contacts.import.count.limits (a refused batch writes nothing)', () => {
    const thousand = Array.from({ length: 1001 }, (_, i) => ({ email: `x${i}@example.com` }));
    const refusedBig = importing(thousand, refused('at most 1000 contacts'));
    return expectVerdicts('contacts.import.count.limits', {
      pass: [good, refusedBig, importing([{ email: 'x0@example.com' }], answer([row('x0@example.com')]))],
      fail: [good, refusedBig, importing([{ email: 'x0@example.com' }], answer([row('x0@example.com', { inserted: 0, updated: 1 })]))],
      none: [good],
    });
  });
});
