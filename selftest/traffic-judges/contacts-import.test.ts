/** The contacts/import traffic judges on recorded imports. */
import { describe, test } from 'node:test';
import { checks } from '../../checks/contacts.import';
import type { RawExchange } from '../../harness/exchanges';
import assert from 'node:assert/strict';
import { testTarget } from '../core/support/target';
import { call, checkOf, expectVerdicts as verdictsOf, group, judged, ok, PING, refused, search, type Row } from './support';

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

  test('contacts.import.counts.agree (passes once every kind of import was judged)', () => {
    const withGroups = (over: Row = {}) => call('contacts.import', { contacts: [{ email: A, customFields: { tier: { value: '2' } } }, { email: C, customFields: { tier: { value: '1' } } }], groupIDs: [5], removeGroupIDs: [6] }, answer([row(A, { inserted: 0, updated: 1 }), row(C)], over), POST);
    const everyKind = [
      good, withGroups(),
      call('contacts.import', { contacts: [{ email: A }], updateExisting: 1 }, answer([row(A, { inserted: 0, updated: 1 })]), POST),
      call('contacts.import', { contacts: [{ email: B }], updateExisting: 0 }, answer([row(B, { inserted: 0, updated: 0 })]), POST),
    ];
    return expectVerdicts('contacts.import.counts.agree', {
      pass: everyKind,
      // A new contact added to a group counted as updated too.
      fail: [...everyKind, withGroups({ recordsUpdated: 2 })],
    });
  });

  test('contacts.import.counts.agree fails on any import, and is inconclusive until every kind was judged', async () => {
    const miscounted = importing([{ email: A }, { email: B }], answer([row(A), row(B, { inserted: 0, updated: 1 })], { recordsInserted: 2, recordsUpdated: 1 }));
    assert.equal((await judged(checkOf(checks, 'contacts.import.counts.agree'), [miscounted])).verdict, 'fail');
    const plain = await judged(checkOf(checks, 'contacts.import.counts.agree'), [good]);
    assert.equal(plain.verdict, 'inconclusive');
    assert.match(plain.reason ?? '', /never judged: an import with groupIDs/);
  });

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

/** A groups/search answer showing the groups' counts (status All). */
const sighting = (...groups: Row[]) => search('groups.search', { groupIDs: groups.map((g) => g.groupID), status: 'All' }, groups);
const G = (total: number, over: Row = {}) => group(5, { totalMembers: total, activeMembers: total, ...over });
const H = (total: number) => group(6, { totalMembers: total, activeMembers: total });
const existingRow = (email: string, over: Row = {}): Row => row(email, { inserted: 0, updated: 1, ...over });
const importWith = (contacts: unknown[], params: Row, rows: Row[]) => call('contacts.import', { contacts, ...params }, answer(rows), POST);
const tagged = (email: string, value: string) => ({ email, customFields: { tier: { value } } });

describe('contacts/import judges of state along the imports', () => {
  const first = importing([{ email: A }, { email: B }], answer([row(A), row(B)]));

  test('contacts.import.match.existing', () =>
    expectVerdicts('contacts.import.match.existing', {
      pass: [first, importing([{ email: B }], answer([existingRow(B)]))],
      fail: [first, importing([{ email: B }], answer([existingRow(B, { contactID: 999 })]))],
      none: [first],
    }));

  test('contacts.import.updateExisting.default', () => {
    const created = importing([tagged(A, '1')], answer([row(A)]));
    return expectVerdicts('contacts.import.updateExisting.default', {
      pass: [created, importing([tagged(A, '2')], answer([existingRow(A)]))],
      fail: [created, importing([tagged(A, '2')], answer([existingRow(A, { updated: 0 })]))],
      none: [created],
    });
  });

  test('contacts.import.updateExisting.off', () => {
    const created = importing([tagged(A, '1')], answer([row(A)]));
    return expectVerdicts('contacts.import.updateExisting.off', {
      pass: [created, importWith([tagged(A, '2')], { updateExisting: 0 }, [existingRow(A, { updated: 0 })])],
      fail: [created, importWith([tagged(A, '2')], { updateExisting: 0 }, [existingRow(A)])],
      none: [created, importing([tagged(A, '2')], answer([existingRow(A)]))],
    });
  });

  test('contacts.import.customFields', () =>
    expectVerdicts('contacts.import.customFields', {
      pass: [importing([tagged(A, '1'), tagged(B, '1')], answer([row(A), row(B)]))],
      fail: [importing([tagged(A, '1'), tagged(B, '1')], answer([row(A), failed(B)]))],
      none: [good],
    }));

  test('contacts.import.row.isolated', () =>
    expectVerdicts('contacts.import.row.isolated', {
      pass: [good, importing([{ email: C }, { email: '' }, { email: 'd@example.com' }], answer([row(C), failed(''), row('d@example.com')]))],
      fail: [good, importing([{ email: C }, { email: '' }, { email: 'd@example.com' }], answer([row(C), failed(''), failed('d@example.com')]))],
      none: [good],
    }));
});

describe('contacts/import judges of group membership', () => {
  const created = importing([{ email: A }, { email: B }], answer([row(A), row(B)]));

  test('contacts.import.groupIDs.add', () => {
    const joining = [created, sighting(G(50), H(60)), importWith([{ email: A }, { email: C }], { groupIDs: [5, 6] }, [existingRow(A), row(C)])];
    return expectVerdicts('contacts.import.groupIDs.add', { pass: [...joining, sighting(G(52), H(62))], fail: [...joining, sighting(G(52), H(60))], none: [good] });
  });

  test('should not judge a group by a sighting another worker sent while the import was in flight', async () => {
    // A whole run: sightings from worker 0, the import from worker 1. The middle sighting started as the import did
    // (the run orders it first) and was served after it: it cannot tell whether it saw the import's change.
    const at = (startedAt: number, durationMs: number) => ({ startedAt, durationMs });
    const add = checkOf(checks, 'contacts.import.groupIDs.add');
    const joining = { ...importWith([{ email: C }], { groupIDs: [5] }, [row(C)]), ...at(1010, 1) };
    const during = { ...sighting(G(51)), ...at(1010, 3) };
    const after = { ...sighting(G(51)), ...at(1030, 2) };
    const lanes = [0, 0, 1, 0];
    const inFlight = await judged(add, [{ ...sighting(G(50)), ...at(1000, 2) }, during, joining, after], undefined, { lanes });
    assert.notEqual(inFlight.verdict, 'fail', inFlight.reason);
    // Sent once the import had been answered (beyond the margin between two workers' clocks), the sighting counts.
    const stale = { ...sighting(G(50)), ...at(1014, 2) };
    const missed = await judged(add, [{ ...sighting(G(50)), ...at(1000, 2) }, joining, stale], undefined, { lanes: [0, 1, 0] });
    assert.equal(missed.verdict, 'fail', missed.reason);
  });

  test('contacts.import.groupIDs.add needs an existing contact and several groups judged', async () => {
    const fresh = [sighting(G(50)), importWith([{ email: C }], { groupIDs: [5] }, [row(C)]), sighting(G(51))];
    const verdict = await judged(checkOf(checks, 'contacts.import.groupIDs.add'), fresh);
    assert.equal(verdict.verdict, 'inconclusive');
    assert.match(verdict.reason ?? '', /existing contact.*two or more groups/);
  });

  test('contacts.import.removeGroupIDs', () => {
    const joined = [created, sighting(G(50)), importWith([{ email: A }], { groupIDs: [5] }, [existingRow(A)]), sighting(G(51))];
    const leaving = importWith([{ email: A }], { removeGroupIDs: [5] }, [existingRow(A)]);
    return expectVerdicts('contacts.import.removeGroupIDs', { pass: [...joined, leaving, sighting(G(50))], fail: [...joined, leaving, sighting(G(51))], none: joined });
  });

  test('contacts.import.updateExisting.off-groups', () => {
    const control = [created, sighting(G(50)), importWith([{ email: A }], { groupIDs: [5], updateExisting: 1 }, [existingRow(A)]), sighting(G(51))];
    const off = importWith([{ email: B }], { groupIDs: [5], updateExisting: 0 }, [existingRow(B, { updated: 0 })]);
    const leaving = [importWith([{ email: A }], { removeGroupIDs: [5], updateExisting: 0 }, [existingRow(A, { updated: 0 })]), sighting(G(51))];
    return expectVerdicts('contacts.import.updateExisting.off-groups', { pass: [...control, off, sighting(G(52)), ...leaving], fail: [...control, off, sighting(G(51))], none: control });
  });

  test('both member counters: a contact shown active moves activeMembers with totalMembers, where it joins or leaves a group', async () => {
    const H2 = (total: number, active: number) => group(6, { totalMembers: total, activeMembers: active });
    const G2 = (total: number, active: number) => G(total, { activeMembers: active });
    // C, new, joins group 5: activeMembers shows it active; then it joins group 6 and leaves group 5.
    const joinedFirst = [sighting(G2(50, 40), H2(60, 50)), importWith([{ email: C }], { groupIDs: [5] }, [row(C)]), sighting(G2(51, 41), H2(60, 50))];
    const joinOther = importWith([{ email: C }], { groupIDs: [6] }, [existingRow(C)]);
    const leave = importWith([{ email: C }], { removeGroupIDs: [5] }, [existingRow(C)]);
    const add = checkOf(checks, 'contacts.import.groupIDs.add');
    const remove = checkOf(checks, 'contacts.import.removeGroupIDs');
    const rightAdd = await judged(add, [...joinedFirst, joinOther, sighting(G2(51, 41), H2(61, 51))]);
    assert.notEqual(rightAdd.verdict, 'fail', rightAdd.reason);
    const staleAdd = await judged(add, [...joinedFirst, joinOther, sighting(G2(51, 41), H2(61, 50))]);
    assert.equal(staleAdd.verdict, 'fail');
    assert.match(staleAdd.evidence[0]?.title ?? '', /activeMembers/);
    const rightRemove = await judged(remove, [...joinedFirst, leave, sighting(G2(50, 40), H2(60, 50))]);
    assert.equal(rightRemove.verdict, 'pass', rightRemove.reason);
    const staleRemove = await judged(remove, [...joinedFirst, leave, sighting(G2(50, 41), H2(60, 50))]);
    assert.equal(staleRemove.verdict, 'fail');
    // A contact whose standing the traffic never showed may leave either way.
    const unknown = [created, sighting(G2(50, 40)), importWith([{ email: A }], { groupIDs: [5] }, [existingRow(A)]), sighting(G2(51, 40))];
    assert.notEqual((await judged(add, unknown)).verdict, 'fail');
  });

  test('contacts.import.dynamic-group.refused', () => {
    const D = (total: number) => group(9, { type: 'Dynamic', totalMembers: total, activeMembers: total });
    const steady = [sighting(D(90)), importing([{ email: A }], answer([row(A)])), sighting(D(90))];
    const naming = importWith([{ email: B }], { groupIDs: [9] }, [row(B)]);
    return expectVerdicts('contacts.import.dynamic-group.refused', { pass: [...steady, naming, sighting(D(90))], fail: [...steady, naming, sighting(D(91))], none: steady });
  });

  test('contacts.import.suppressed.stays (needs fixtures.suppressedEmails)', async () => {
    const S = 'held@example.org';
    const base = testTarget();
    const fixtured = { ...base, profile: { ...base.profile, fixtures: { suppressedEmails: [S] } } };
    const check = checkOf(checks, 'contacts.import.suppressed.stays');
    const adding = importWith([{ email: S }], { groupIDs: [5] }, [existingRow(S, { updated: 0 })]);
    const traffic = (active: number) => [sighting(G(50, { activeMembers: 40 })), adding, sighting(G(51, { activeMembers: active }))];
    assert.equal((await judged(check, traffic(40), fixtured)).verdict, 'pass');
    const fail = await judged(check, traffic(41), fixtured);
    assert.equal(fail.verdict, 'fail', fail.reason);
    assert.ok(fail.evidence[0]?.curl);
    assert.equal((await judged(check, traffic(41), base)).verdict, 'inconclusive', 'without the fixture nothing says the contact is suppressed');
  });
});

describe('contacts/import group judges follow the contacts along any sequence', () => {
  const created = importing([{ email: A }], answer([row(A)]));
  const addA = importWith([{ email: A }], { groupIDs: [5] }, [existingRow(A)]);
  // Judged steps of an existing contact into two groups elsewhere, so that the steps below decide the rule.
  const E = 'e@example.com';
  const covered = [importing([{ email: E }], answer([row(E)])), sighting(G(40), H(60)), importWith([{ email: E }], { groupIDs: [5, 6] }, [existingRow(E)]), sighting(G(41), H(61))];
  const judge = (raws: Parameters<typeof judged>[1]) => judged(checkOf(checks, 'contacts.import.groupIDs.add'), [...covered, ...raws]);

  test('a contact already in the group is no new member: adding it again leaves totalMembers as it was', async () => {
    const joined = [created, sighting(G(50)), addA, sighting(G(51))];
    assert.equal((await judge([...joined, addA, sighting(G(51))])).verdict, 'pass');
    assert.equal((await judge([...joined, addA, sighting(G(52))])).verdict, 'fail');
  });

  test('a contact the traffic did not create may or may not be a member: either change passes', async () => {
    const stranger = importWith([{ email: B }], { groupIDs: [5] }, [existingRow(B)]);
    for (const after of [50, 51]) assert.equal((await judge([sighting(G(50)), stranger, sighting(G(after))])).verdict, 'pass', `+${after - 50}`);
    assert.equal((await judge([sighting(G(50)), stranger, sighting(G(52))])).verdict, 'fail', 'one contact cannot add two members');
  });

  test('two imports naming the group between two answers are not judged, and leave their contacts unknown', async () => {
    const twice = [created, sighting(G(50)), addA, addA, sighting(G(53))];
    assert.equal((await judged(checkOf(checks, 'contacts.import.groupIDs.add'), twice)).verdict, 'inconclusive');
    assert.equal((await judge([...twice, addA, sighting(G(54))])).verdict, 'pass', 'A may or may not have been in the group');
  });
});
