import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FaultName } from '../../mock';
import { ids, MockClient } from './client';

/**
 * Faults that show only against state or against another answer: each is shown deviating with it on, as its
 * description says, and the same requests answered right with it off.
 */
const HOUR_MS = 3_600_000;
/** `YYYY-MM-DD HH:MM:SS` (GMT) as epoch ms. */
const epoch = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
/** ISO 8601 with T and no zone designator. */
const isoNoZone = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const serviceText = (ms: number) => isoNoZone(ms).replace('T', ' ');

describe('groups-private-zero-drops-some: private=0 leaves out displayed Dynamic groups', () => {
  for (const [seed, variant] of [[1, 'default'], [2, 'default'], [7, 'default'], [1, 'alt'], [3, 'alt']] as const) {
    it(`seed ${seed}, variant ${variant}: some displayed groups missing, some still returned`, async () => {
      const client = await MockClient.start({ seed, variant });
      try {
        const displayed = async () => client.all('/groups/search', { status: 'All', private: 0 });
        const healthy = await displayed();
        const every = await client.all('/groups/search', { status: 'All' });
        assert.deepEqual(ids(healthy), ids(every.filter((group) => !group.private)));
        await client.setFaults(['groups-private-zero-drops-some']);
        const faulty = await displayed();
        const missing = healthy.filter((group) => !ids(faulty).includes(group.groupID));
        assert.ok(faulty.length > 0, 'some displayed groups still come back');
        assert.ok(missing.length > 0, 'some displayed groups are left out');
        assert.ok(faulty.every((group) => !group.private && group.type === 'Static'));
        assert.ok(missing.every((group) => group.type === 'Dynamic'));
        assert.deepEqual(ids(faulty), ids(healthy.filter((group) => group.type === 'Static')));
        // The default status too: Active displayed Dynamic groups exist at every seed (the first eight groups take every combination).
        const active = await client.all('/groups/search', { private: 0 });
        assert.ok(active.length > 0 && active.every((group) => group.type === 'Static'));
        assert.ok(healthy.some((group) => group.type === 'Dynamic' && group.status === 'Active'));
        // private=1 and no private are untouched.
        await client.setFaults([]);
        const [privateHealthy, allHealthy] = [await client.all('/groups/search', { status: 'All', private: 1 }), every];
        await client.setFaults(['groups-private-zero-drops-some']);
        assert.deepEqual(ids(await client.all('/groups/search', { status: 'All', private: 1 })), ids(privateHealthy));
        assert.deepEqual(ids(await client.all('/groups/search', { status: 'All' })), ids(allHealthy));
      } finally {
        await client.close();
      }
    });
  }
});

describe('faults seen against another answer or against state', () => {
  let client: MockClient;
  before(async () => (client = await MockClient.start({ clock: { start: '2025-06-15 12:00:00', speed: 0 } })));
  beforeEach(async () => {
    await client.reset();
    await client.setFaults([]);
  });
  after(() => client.close());

  const withFault = async <T>(fault: FaultName, read: () => Promise<T>): Promise<{ healthy: T; faulty: T }> => {
    const healthy = await read();
    await client.setFaults([fault]);
    try {
      return { healthy, faulty: await read() };
    } finally {
      await client.setFaults([]);
    }
  };
  const groupIDs = async (query: Record<string, string>) => ids(await client.all('/groups/search', query));

  it('groups-status-case-ignored: another letter case is accepted and answered as without status', async () => {
    const spellings = ['Active', 'Archived', 'All', 'active', 'archived', 'ARCHIVED', 'all', 'ALL'];
    const read = async () => {
      const answers: Record<string, number[]> = { none: await groupIDs({}) };
      for (const status of spellings) answers[status] = await groupIDs({ status });
      return answers;
    };
    const { healthy, faulty } = await withFault('groups-status-case-ignored', read);
    for (const status of spellings) assert.deepEqual(healthy[status], healthy[status[0]!.toUpperCase() + status.slice(1).toLowerCase()], status);
    assert.notDeepEqual(healthy.archived, healthy.none);
    assert.notDeepEqual(healthy.ALL, healthy.none);
    for (const status of ['Active', 'Archived', 'All']) assert.deepEqual(faulty[status], healthy[status], `${status} as the table spells it`);
    for (const status of ['active', 'archived', 'ARCHIVED', 'all', 'ALL']) assert.deepEqual(faulty[status], healthy.none, status);
    assert.deepEqual(faulty.none, healthy.none);
    // An unknown value is still refused; a POST body is read the same way.
    await client.setFaults(['groups-status-case-ignored']);
    assert.equal((await client.get('/groups/search', { status: 'foo' })).body.success, 0);
    const posted = await client.post('/groups/search', { status: 'archived', rpp: 250 });
    assert.deepEqual(ids(posted.body.data.records), faulty.none!.slice(0, 250));
  });

  it('emails-datetime-no-zone-shifted: ISO 8601 without a zone is read at +02:00, every other form at GMT', async () => {
    const [email] = await client.all('/emails/search', { dateSentStart: '2025-01-01', dateSentEnd: '2025-02-01' });
    const sent = epoch(email.dateSent);
    const start = sent + HOUR_MS;
    const end = '2025-03-01 00:00:00';
    const found = async (query: Record<string, string>) => ids(await client.all('/emails/search', query), 'emailID').includes(email.emailID);
    const starts = {
      service: serviceText(start),
      isoNoZone: isoNoZone(start),
      isoNoZoneNoSeconds: isoNoZone(start).slice(0, 16),
      isoZ: `${isoNoZone(start)}Z`,
      isoUtcOffset: `${isoNoZone(start)}+00:00`,
      isoPlusTwo: `${isoNoZone(start + 2 * HOUR_MS)}+02:00`,
      isoMinusFive: `${isoNoZone(start - 5 * HOUR_MS)}-05:00`,
    };
    const read = async () => {
      const answers: Record<string, boolean> = {};
      for (const [form, value] of Object.entries(starts)) answers[`start ${form}`] = await found({ dateSentStart: value, dateSentEnd: end });
      // dateSentEnd an hour after the email: read at +02:00 it ends an hour before it.
      answers['end isoNoZone'] = await found({ dateSentStart: '2025-01-01', dateSentEnd: isoNoZone(start) });
      answers['end service'] = await found({ dateSentStart: '2025-01-01', dateSentEnd: serviceText(start) });
      answers['end isoZ'] = await found({ dateSentStart: '2025-01-01', dateSentEnd: `${isoNoZone(start)}Z` });
      return answers;
    };
    const { healthy, faulty } = await withFault('emails-datetime-no-zone-shifted', read);
    assert.deepEqual(healthy, {
      'start service': false, 'start isoNoZone': false, 'start isoNoZoneNoSeconds': false, 'start isoZ': false, 'start isoUtcOffset': false,
      'start isoPlusTwo': false, 'start isoMinusFive': false, 'end isoNoZone': true, 'end service': true, 'end isoZ': true,
    });
    // The email lies before dateSentStart (GMT) yet comes back; it lies before dateSentEnd yet is left out.
    assert.deepEqual(faulty, { ...healthy, 'start isoNoZone': true, 'start isoNoZoneNoSeconds': true, 'end isoNoZone': false });
    // The window is checked as sent: exactly 18 months with one end zone-less is accepted, a start an hour after the end refused.
    await client.setFaults(['emails-datetime-no-zone-shifted']);
    const success = async (query: Record<string, string>) => (await client.get('/emails/search', query)).body.success;
    assert.equal(await success({ dateSentStart: '2023-12-01T00:00:00', dateSentEnd: '2025-06-01 00:00:00' }), 1);
    assert.equal(await success({ dateSentStart: '2025-06-01T00:30:00', dateSentEnd: '2025-06-01 00:00:00' }), 0);
    assert.equal(await success({ dateSentStart: '2023-12-01 00:00:00', dateSentEnd: '2025-06-01T00:00:01' }), 0);
  });

  it('emails-post-status-ignored: POST answers the default status whatever its body says; GET honours it', async () => {
    const query = { status: ['draft'], rpp: 250 };
    const read = async () => ({
      get: ids((await client.get('/emails/search', query)).body.data.records, 'emailID'),
      post: ids((await client.post('/emails/search', query)).body.data.records, 'emailID'),
      postDefault: ids((await client.post('/emails/search', { rpp: 250 })).body.data.records, 'emailID'),
      postList: ids((await client.post('/emails/search', { status: 'draft,scheduled', rpp: 250 })).body.data.records, 'emailID'),
      getList: ids((await client.get('/emails/search', { status: 'draft,scheduled', rpp: 250 })).body.data.records, 'emailID'),
      postUnknown: (await client.post('/emails/search', { status: ['foo'] })).body.success,
    });
    const { healthy, faulty } = await withFault('emails-post-status-ignored', read);
    assert.ok(healthy.get.length > 0);
    assert.deepEqual(healthy.post, healthy.get);
    assert.deepEqual(healthy.postList, healthy.getList);
    assert.notDeepEqual(healthy.postDefault, healthy.get);
    assert.deepEqual(faulty.get, healthy.get);
    assert.deepEqual(faulty.getList, healthy.getList);
    assert.deepEqual(faulty.post, healthy.postDefault);
    assert.deepEqual(faulty.postList, healthy.postDefault);
    assert.equal(healthy.postUnknown, 0);
    assert.equal(faulty.postUnknown, 0, 'a status in the body is still validated');
  });

  it('import-match-on-contact-id: a record carrying an existing contactID updates that contact, its email created nowhere', async () => {
    const importRows = async (body: Record<string, unknown>) => {
      const answer = await client.importContacts(body);
      assert.equal(answer.body.success, 1, JSON.stringify(answer.body));
      return answer.body.data;
    };
    const read = async () => {
      await client.reset();
      const first = (await importRows({ contacts: [{ email: 'first.one@example.com', firstName: 'First' }] })).contactResults[0].contactID;
      const carrying = await importRows({ contacts: [{ email: 'second.one@example.com', firstName: 'Second', contactID: first }] });
      const unknownID = await importRows({ contacts: [{ email: 'third.one@example.com', firstName: 'Third', contactID: 999999 }] });
      const secondAgain = (await importRows({ contacts: [{ email: 'second.one@example.com' }] })).contactResults[0];
      const firstAgain = (await importRows({ contacts: [{ email: 'first.one@example.com' }] })).contactResults[0];
      return { first, carrying, unknownID: unknownID.contactResults[0], secondAgain, firstAgain };
    };
    const { healthy, faulty } = await withFault('import-match-on-contact-id', read);
    // Off: matched on email: the second email is a new contact, created once.
    assert.equal(healthy.carrying.recordsInserted, 1);
    assert.notEqual(healthy.carrying.contactResults[0].contactID, healthy.first);
    assert.deepEqual([healthy.secondAgain.inserted, healthy.secondAgain.updated, healthy.secondAgain.contactID], [0, 1, healthy.carrying.contactResults[0].contactID]);
    // On: matched on contactID: the first contact is updated and reported, the second email never created.
    assert.deepEqual([faulty.carrying.recordsInserted, faulty.carrying.recordsUpdated], [0, 1]);
    assert.deepEqual(faulty.carrying.contactResults[0], { email: 'second.one@example.com', contactID: faulty.first, success: 1, inserted: 0, updated: 1, errors: [] });
    assert.deepEqual([faulty.secondAgain.inserted, faulty.secondAgain.updated], [1, 0]);
    assert.notEqual(faulty.secondAgain.contactID, faulty.first);
    // The first contact kept its email; a contactID naming no contact is matched on email, as without the fault.
    assert.deepEqual([faulty.firstAgain.contactID, faulty.firstAgain.inserted], [faulty.first, 0]);
    assert.deepEqual({ ...faulty.unknownID, contactID: 0 }, { ...healthy.unknownID, contactID: 0 });
    assert.deepEqual([faulty.unknownID.inserted, faulty.unknownID.updated], [1, 0]);
    assert.ok(![faulty.first, 999999].includes(faulty.unknownID.contactID));
  });

  it('import-new-active-members-stale: created contacts joining a Static group raise totalMembers, not activeMembers', async () => {
    const [group] = (await client.all('/groups/search', { type: 'Static' })).map((record) => record.groupID as number);
    const counts = async () => {
      const record = await client.group(group!);
      return [record.totalMembers, record.activeMembers];
    };
    const read = async () => {
      await client.reset();
      await client.importContacts({ contacts: [{ email: 'old.one@example.com' }] });
      const before = await counts();
      await client.importContacts({ contacts: [{ email: 'new.one@example.com' }, { email: 'new.two@example.com' }], groupIDs: [group] });
      const afterNew = await counts();
      await client.importContacts({ contacts: [{ email: 'old.one@example.com' }], groupIDs: [group] });
      return { before, afterNew, afterExisting: await counts() };
    };
    const { healthy, faulty } = await withFault('import-new-active-members-stale', read);
    const [total, active] = healthy.before as [number, number];
    assert.deepEqual(healthy, { before: [total, active], afterNew: [total + 2, active + 2], afterExisting: [total + 3, active + 3] });
    // The twin fault import-active-members-stale covers existing contacts: this one only the created ones.
    assert.deepEqual(faulty, { before: [total, active], afterNew: [total + 2, active], afterExisting: [total + 3, active + 1] });
  });
});
