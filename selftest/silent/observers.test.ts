/**
 * The silent-point observers (harness/silent) on hand-built recorded exchanges: each reading of a point is
 * seen where the traffic shows it, nothing where it does not; observations are the same in any recorded
 * order; evidence carries no ID, token, time or address of the traffic.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { trafficOf, type RawExchange } from '../../harness/exchanges';
import { observeSilentPoints } from '../../harness/silent';
import type { SilentPointObservation } from '../../harness/types';
import { call, email, group, ok, refused, search, target, walk, type Row } from '../traffic-judges/support';
import { TOKENS } from '../core/support/target';

const observe = (raws: RawExchange[]): SilentPointObservation[] => observeSilentPoints(trafficOf(target, raws), target);
const readingsOf = (raws: RawExchange[], point: string): string[] => {
  const found = observe(raws).find((observation) => observation.point === point);
  assert.ok(found, `an observation of ${point}`);
  return found.readings;
};

/**
 * Tracks of traffic that each show one reading of the point, and one that shows nothing of it; together, the
 * tracks show every reading (`together` says otherwise where one reading undoes another: a job seen running
 * shows running statuses whatever the others showed).
 */
function expectReadings(point: string, cases: Record<string, RawExchange[]>, none: RawExchange[] = [], together = Object.keys(cases).sort()): void {
  for (const [reading, raws] of Object.entries(cases)) assert.deepEqual(readingsOf(raws, point), [reading], `${point}: traffic showing ${reading}`);
  assert.deepEqual(readingsOf(none, point), [], `${point}: traffic that does not show it`);
  assert.deepEqual(readingsOf(Object.values(cases).flat(), point), together, `${point}: traffic of every track`);
}

const groups = (over: (id: number) => Row = () => ({})): Row[] => Array.from({ length: 6 }, (_, i) => group(i + 1, over(i + 1)));
const emails = (over: (id: number) => Row = () => ({})): Row[] => Array.from({ length: 6 }, (_, i) => email(i + 1, over(i + 1)));
const EVERY = { status: 'All', type: 'All' };

describe('silent-point observers', () => {
  test('every catalogued point gets one observation, in catalogue order, each not observed on unrelated traffic', () => {
    const observations = observe([call('helper.ping', {}, ok({ message: 'pong' }))]);
    assert.ok(observations.length >= 40);
    for (const observation of observations) {
      assert.ok(observation.sentence.length > 0, `${observation.point} carries its sentence`);
      if (observation.point !== 'records.extra-members') assert.deepEqual(observation.readings, [], `${observation.point} on a ping`);
    }
  });

  test('records.absent-value: a key left out, or ""', () => {
    const without = (row: Row, key: string): Row => Object.fromEntries(Object.entries(row).filter(([k]) => k !== key));
    expectReadings('records.absent-value', {
      omitted: [search('groups.search', EVERY, groups().map((g) => without(without(without(g, 'dateModified'), 'dateLastEmailSent'), 'autoResponseEmailID')))],
      'empty-string': [search('groups.search', EVERY, groups())],
    });
  });

  test('records.boolean-form: true/false or 0/1', () =>
    expectReadings('records.boolean-form', {
      boolean: [search('groups.search', EVERY, groups((id) => ({ private: id % 2 === 0 })))],
      integer: [search('groups.search', EVERY, groups())],
    }));

  test('emails.unsent-dateSent: a draft without dateSent, or with its planned send time', () =>
    expectReadings(
      'emails.unsent-dateSent',
      {
        none: [search('emails.search', { status: ['draft', 'sent'] }, emails((id) => (id === 2 ? { status: 'Draft', dateSent: '' } : {})))],
        planned: [search('emails.search', { status: ['scheduled', 'sent'] }, emails((id) => (id === 2 ? { status: 'Scheduled', dateSent: '2024-07-01 10:00:00' } : {})))],
      },
      [search('emails.search', {}, emails())],
    ));

  test('emails.ab-sends-in-manual: A/B split sends beside their parent in a manual search, or parents only', () => {
    const parent = (id: number) => (id === 3 ? { abSplitID: 9 } : {});
    expectReadings(
      'emails.ab-sends-in-manual',
      {
        'parents-and-sends': [search('emails.search', { deliveryType: 'manual', rpp: 250, page: 1 }, emails((id) => ({ ...parent(id), ...(id === 4 ? { abSplitID: 9, parentEmailID: 3 } : {}) })))],
        'parents-only': [search('emails.search', { deliveryType: 'manual', rpp: 250, page: 1 }, emails(parent))],
      },
      [search('emails.search', { deliveryType: 'manual', rpp: 250, page: 1 }, emails())],
      ['parents-and-sends'],
    );
  });

  test('search.tie-order: ties by ID ascending in both directions, or in the sort direction', () => {
    // Three groups share activeMembers; sorted by it ascending and descending.
    const tied = groups((id) => ({ activeMembers: id <= 3 ? 5 : 10 * id }));
    const answer = (direction: 'asc' | 'desc', tiesUp: boolean) => {
      const sorted = [...tied].sort((a, b) => {
        const by = (Number(a.activeMembers) - Number(b.activeMembers)) * (direction === 'asc' ? 1 : -1);
        return by !== 0 ? by : (Number(a.groupID) - Number(b.groupID)) * (tiesUp ? 1 : -1);
      });
      return search('groups.search', { ...EVERY, sortField: 'activeMembers', sortDirection: direction, rpp: 250, page: 1 }, sorted);
    };
    assert.deepEqual(readingsOf([answer('asc', true), answer('desc', true)], 'search.tie-order'), ['id-ascending']);
    assert.deepEqual(readingsOf([answer('asc', true), answer('desc', false)], 'search.tie-order'), ['id-in-direction']);
    assert.deepEqual(readingsOf([answer('asc', false), answer('desc', false)], 'search.tie-order'), ['id-descending']);
    assert.deepEqual(readingsOf([answer('asc', false), answer('desc', true)], 'search.tie-order'), ['other']);
    // One direction alone leaves two readings open: undecided, nothing observed (another run seeing both directions would drift).
    assert.deepEqual(readingsOf([answer('asc', true)], 'search.tie-order'), []);
  });

  test('search.text-collation: code-unit order, or letter case aside', () => {
    const named = ['alpha', 'Beta', 'gamma', 'Zulu'].map((name, i) => group(i + 1, { groupName: name }));
    const sorted = (compare: (a: string, b: string) => number) => [...named].sort((a, b) => compare(String(a.groupName), String(b.groupName)));
    const answer = (rows: Row[]) => search('groups.search', { ...EVERY, sortField: 'groupName', sortDirection: 'asc', rpp: 250, page: 1 }, rows);
    assert.deepEqual(readingsOf([answer(sorted((a, b) => (a < b ? -1 : 1)))], 'search.text-collation'), ['code-unit']);
    // Letter case aside, and no accented letter: case-insensitive and locale both fit, undecided, nothing observed.
    assert.deepEqual(readingsOf([answer(sorted((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)))], 'search.text-collation'), []);
    // An accented letter decides it: base letters put Éclair before fig, lower-case code units after it.
    const accented = ['apple', 'Éclair', 'fig'].map((name, i) => group(i + 1, { groupName: name }));
    assert.deepEqual(readingsOf([answer(accented)], 'search.text-collation'), ['locale']);
    assert.deepEqual(readingsOf([answer([accented[0]!, accented[2]!, accented[1]!])], 'search.text-collation'), []);
  });

  test('paging: link form, totalPages of an empty search, a page beyond the last', () => {
    const all = groups();
    expectReadings('paging.link-form', {
      url: walk('groups.search', EVERY, all, 2),
      'page-number': walk('groups.search', EVERY, all, 2).map((raw, i) =>
        search('groups.search', { ...EVERY, rpp: 2, page: i + 1 }, all, { answer: (data) => ({ ...data, paging: { ...data.paging, next: i < 2 ? String(i + 2) : '', prev: i > 0 ? String(i) : '' } }) }),
      ),
    });
    expectReadings('paging.empty-total-pages', {
      zero: [search('groups.search', { groupName: 'nothing' }, [])],
      one: [search('groups.search', { groupName: 'nothing' }, [], { answer: (data) => ({ ...data, paging: { ...data.paging, totalPages: 1 } }) })],
    });
    const first = search('groups.search', { ...EVERY, rpp: 2, page: 1 }, all);
    expectReadings('paging.beyond-last', {
      'empty-page': [first, search('groups.search', { ...EVERY, rpp: 2, page: 9 }, all)],
      refused: [first, call('groups.search', { ...EVERY, rpp: 2, page: 9 }, refused('page'))],
    }, [first]);
  });

  test('errors.messages-form: one string per error, or several', () =>
    expectReadings('errors.messages-form', {
      'one-string-each': [call('groups.search', { rpp: 0 }, refused('rpp'))],
      'several-strings': [call('groups.search', { rpp: 0 }, { ...refused('rpp'), errors: ['Error: rpp.', '(2001)'] })],
    }, [], ['one-string-each']));

  test('contacts/import rows: errors of a successful row, contactID of a failed one', () => {
    const answer = (rows: Row[]) =>
      call('contacts.import', { contacts: rows.map((row) => ({ email: row.email })) }, ok({ recordsUpdated: 0, recordsInserted: 1, recordsInData: rows.length, contactResults: rows }), { method: 'POST' });
    const good = { email: 'a@example.com', contactID: 77, success: 1, inserted: 1, updated: 0 };
    const bad = { email: 'nope', success: 0, inserted: 0, updated: 0, errors: ['malformed email'] };
    expectReadings('import.success-row-errors', { 'empty-array': [answer([{ ...good, errors: [] }])], omitted: [answer([good])] });
    expectReadings('import.failed-row-contactID', { omitted: [answer([bad])], empty: [answer([{ ...bad, contactID: '' }])] });
  });

  test('exports.running-statuses: Pending then the end, or a running status between', () => {
    const request = call('exports.emails', { startDate: '2024-01-01', endDate: '2024-01-31' }, ok({ jobID: 31 }), { startedAt: 1000 });
    const poll = (status: string, at: number) => call('exports.jobStatus', { jobID: 31 }, ok({ status, totalRecords: 3 }), { startedAt: at });
    expectReadings('exports.running-statuses', {
      none: [request, poll('Pending', 2000), poll('Completed', 3000)],
      'in-progress': [request, poll('Pending', 2000), poll('In Progress', 2500), poll('Completed', 3000)],
    }, [], ['in-progress']);
  });

  test('an observer that throws is a harness error: thrown, or with onError handed over and its point left not observed', () => {
    const broken = { exchanges: [], of: () => { throw new Error('unreadable traffic'); } };
    assert.throws(() => observeSilentPoints(broken, target), /unreadable traffic/);
    const errors: string[] = [];
    const observations = observeSilentPoints(broken, target, (point, error) => errors.push(`${point}: ${(error as Error).message}`));
    assert.ok(errors.length > 0 && errors.every((line) => line.endsWith(': unreadable traffic')), errors.join('\n'));
    assert.ok(observations.every((observation) => observation.readings.length === 0));
  });

  test('the same exchanges in another recorded order give the same observations', () => {
    const raws = [
      ...walk('groups.search', EVERY, groups(), 2),
      search('groups.search', { ...EVERY, rpp: 2, page: 9 }, groups()),
      search('emails.search', { status: ['draft', 'sent'] }, emails((id) => (id === 2 ? { status: 'Draft', dateSent: '' } : {}))),
      call('groups.search', { rpp: 0 }, refused('rpp')),
    ];
    assert.deepEqual(observe([...raws].reverse()), observe(raws));
  });

  test('evidence is short, at most three lines, and carries no ID, token, address or time of the traffic', () => {
    const raws = [
      ...walk('groups.search', EVERY, groups((id) => ({ groupID: 4700 + id, userID: 4242 })), 2),
      search('emails.search', { status: ['draft', 'sent'] }, emails((id) => ({ emailID: 9100 + id, ...(id === 2 ? { status: 'Draft', dateSent: '' } : {}) }))),
      call('groups.search', { rpp: 0 }, refused('rpp 0 for 4242')),
    ];
    for (const observation of observe(raws)) {
      assert.ok(observation.evidence.length <= 3, `${observation.point}: ${observation.evidence.length} lines`);
      for (const line of observation.evidence) {
        assert.ok(line.length <= 140, line);
        assert.doesNotMatch(line, /47\d\d|91\d\d|4242|example\.com|ems\.test|token|2020-|2024-|F00DFACE/i, `${observation.point}: ${line}`);
      }
    }
    assert.ok(!JSON.stringify(observe(raws)).includes(TOKENS.EMS_TOKEN));
  });
});
