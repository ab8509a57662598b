import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ids, MockClient } from './client';
import { assertSorted, type Kind } from './sort-check';

const NOW = '2025-06-15 12:00:00';
const SIX_MONTHS_AGO = '2024-12-15 12:00:00';
const EIGHTEEN_MONTHS_AGO = '2023-12-15 12:00:00';
const ALL_STATUSES = ['draft', 'scheduled', 'sent'];
const SORTS: [string, Kind][] = [
  ['emailID', 'number'],
  ['userID', 'number'],
  ['title', 'text'],
  ['subject', 'text'],
  ['dateAdded', 'datetime'],
  ['dateModified', 'datetime'],
  ['dateSent', 'datetime'],
];
const byID = (a: number, b: number) => a - b;
const sortedIDs = (records: any[]) => ids(records, 'emailID').sort(byID);

describe('emails/search', () => {
  let client: MockClient;
  /** Every manual email of the last 18 months (plus drafts and scheduled). */
  let manual: any[];
  before(async () => {
    client = await MockClient.start({ clock: { start: NOW, speed: 0 } });
    manual = await client.all('/emails/search', { status: ALL_STATUSES, dateSentStart: EIGHTEEN_MONTHS_AGO });
  });
  after(() => client.close());

  it('has varied data: recent and older Sent, drafts, scheduled, A/B splits, campaigns', async () => {
    const sent = manual.filter((email) => email.status === 'Sent');
    assert.ok(sent.filter((email) => email.dateSent >= SIX_MONTHS_AGO).length >= 30);
    assert.ok(sent.filter((email) => email.dateSent < SIX_MONTHS_AGO).length >= 10);
    for (const status of ['Draft', 'Scheduled']) {
      const some = manual.filter((email) => email.status === status);
      assert.ok(some.length > 5 && some.every((email) => email.dateSent === undefined), status);
    }
    assert.ok(manual.filter((email) => email.status === 'Scheduled').every((email) => email.schedule.dateScheduled > NOW));
    assert.ok(manual.some((email) => email.abSplitID !== undefined && email.parentEmailID !== undefined));
    assert.ok(manual.some((email) => email.campaignIDs.length > 1));
  });

  it('returns records of the documented types with capitalised enums and no null or ""', () => {
    for (const email of manual) {
      for (const field of ['emailID', 'userID']) assert.ok(Number.isInteger(email[field]));
      assert.equal(email.deliveryType, 'Manual');
      assert.ok(['Draft', 'Scheduled', 'Sent'].includes(email.status));
      assert.ok(Array.isArray(email.campaignIDs) && email.campaignIDs.every(Number.isInteger));
      assert.equal(typeof email.metrics.clickToViewRate, 'number');
      assert.ok([0, 1].includes(email.schedule.confirmed));
      for (const field of ['dateAdded', 'dateModified', 'dateSent']) if (field in email) assert.match(email[field], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      assert.ok(Object.values(email).every((value) => value !== null && value !== ''));
    }
  });

  it('defaults: manual, Sent, the last 6 months, dateSent descending, 20 per page', async () => {
    const data = await client.data('/emails/search');
    assert.equal(data.records.length, 20);
    assertSorted(data.records, 'dateSent', 'datetime', true, 'emailID');
    const all = await client.all('/emails/search');
    const expected = manual.filter((email) => email.status === 'Sent' && email.dateSent >= SIX_MONTHS_AGO && email.dateSent <= NOW);
    assert.deepEqual(sortedIDs(all), sortedIDs(expected));
    assert.ok(all.some((email) => email.dateSent > '2025-06-14 12:00:00'), 'emails of the last day are in');
    assert.deepEqual(sortedIDs(await client.all('/emails/search', { deliveryType: 'manual', status: 'sent', page: 1 })), sortedIDs(all));
  });

  it('filters by deliveryType; status applies to manual only; drafts ignore the window', async () => {
    for (const type of ['automated', 'transactional']) {
      const found = await client.all('/emails/search', { deliveryType: type });
      assert.ok(found.length > 0 && found.every((email) => email.deliveryType.toLowerCase() === type));
      assert.deepEqual(await client.all('/emails/search', { deliveryType: type, status: 'draft' }), found);
    }
    const unsent = await client.all('/emails/search', { status: 'draft,scheduled' });
    assert.deepEqual(sortedIDs(unsent), sortedIDs(manual.filter((email) => email.status !== 'Sent')));
    assertSorted(unsent, 'dateAdded', 'datetime', true, 'emailID');
    const drafts = await client.all('/emails/search', { status: ['draft'], dateSentStart: '2025-01-01', dateSentEnd: '2025-01-02' });
    assert.deepEqual(sortedIDs(drafts), sortedIDs(manual.filter((email) => email.status === 'Draft')));
  });

  it('automatedResults: summary (default) without parents, detail with parentEmailID', async () => {
    const summary = await client.all('/emails/search', { deliveryType: 'automated' });
    assert.deepEqual(await client.all('/emails/search', { deliveryType: 'automated', automatedResults: 'summary' }), summary);
    assert.ok(summary.length > 0 && summary.every((email) => email.parentEmailID === undefined));
    const detail = await client.all('/emails/search', { deliveryType: 'automated', automatedResults: 'detail' });
    assert.ok(detail.length > summary.length && detail.every((email) => email.parentEmailID !== undefined));
    const parent = detail[0].parentEmailID;
    const sends = await client.all('/emails/search', { deliveryType: 'automated', parentEmailID: parent });
    assert.deepEqual(sortedIDs(sends), sortedIDs(detail.filter((email) => email.parentEmailID === parent)));
    const split = manual.find((email) => email.parentEmailID !== undefined);
    const splitSends = await client.all('/emails/search', { parentEmailID: split.parentEmailID, dateSentStart: EIGHTEEN_MONTHS_AGO });
    assert.deepEqual(sortedIDs(splitSends), sortedIDs(manual.filter((email) => email.parentEmailID === split.parentEmailID)));
  });

  it('title and subject: * is a wildcard over the whole value; plain text is a substring; any case', async () => {
    const cases: [string, string, RegExp][] = [
      ['title', 'spring*NEWSLETTER', /^spring.*newsletter$/i],
      ['title', '*Digest', /digest$/i],
      ['title', 'Webinar', /webinar/i],
      ['subject', 'sale:*', /^sale:/i],
      ['subject', '*"Big"*', /"big"/i],
      ['subject', 'Sale*', /^sale/i],
    ];
    for (const [field, pattern, expected] of cases) {
      const found = await client.all('/emails/search', { [field]: pattern, status: ALL_STATUSES, dateSentStart: EIGHTEEN_MONTHS_AGO });
      const wanted = manual.filter((email) => expected.test(email[field]));
      assert.ok(wanted.length > 0, pattern);
      assert.deepEqual(sortedIDs(found), sortedIDs(wanted), `${field}=${pattern}`);
    }
  });

  it('dateSent window: filters records with a dateSent; at most 18 months; start not after end', async () => {
    const query = { dateSentStart: '2024-03-01', dateSentEnd: '2024-09-01 00:00:00' };
    const found = await client.all('/emails/search', query);
    assert.deepEqual(sortedIDs(found), sortedIDs(manual.filter((email) => email.status === 'Sent' && email.dateSent >= '2024-03-01' && email.dateSent <= '2024-09-01 00:00:00')));
    assert.equal((await client.get('/emails/search', { dateSentStart: '2024-01-31T00:00:00Z', dateSentEnd: '2025-07-31 00:00:00' })).body.success, 1, 'exactly 18 months');
    for (const bad of [
      { dateSentStart: '2024-01-31 00:00:00', dateSentEnd: '2025-07-31 00:00:01' },
      { dateSentStart: '2023-01-01' },
      { dateSentStart: '2025-02-01', dateSentEnd: '2025-01-01' },
      { dateSentStart: 'yesterday' },
      { dateSentEnd: '2025-02-30' },
    ]) {
      assert.equal((await client.get('/emails/search', bad)).body.code, 501, JSON.stringify(bad));
    }
  });

  it('transactionalCategory only with deliveryType transactional', async () => {
    for (const deliveryType of [undefined, 'manual', 'automated']) {
      const query = deliveryType ? { deliveryType, transactionalCategory: 'Receipt' } : { transactionalCategory: 'Receipt' };
      assert.equal((await client.get('/emails/search', query)).body.code, 501);
    }
    const all = await client.all('/emails/search', { deliveryType: 'transactional' });
    const receipts = await client.all('/emails/search', { deliveryType: 'transactional', transactionalCategory: 'receipt' });
    assert.ok(receipts.length > 0 && receipts.length < all.length);
    assert.ok(receipts.every((email) => email.title === 'Receipt notification'));
  });

  it('filters by emailIDs, campaignID and userID', async () => {
    const some = ids(manual, 'emailID').slice(2, 8);
    const asList = await client.all('/emails/search', { emailIDs: some.join(','), status: ALL_STATUSES, dateSentStart: EIGHTEEN_MONTHS_AGO });
    assert.deepEqual(sortedIDs(asList), [...some].sort(byID));
    const second = manual.find((email) => email.campaignIDs.length > 1).campaignIDs[1];
    const inCampaign = await client.all('/emails/search', { campaignID: second, status: ALL_STATUSES, dateSentStart: EIGHTEEN_MONTHS_AGO });
    assert.deepEqual(sortedIDs(inCampaign), sortedIDs(manual.filter((email) => email.campaignIDs.includes(second))));
    const mine = await client.all('/emails/search', { userID: 3, status: ALL_STATUSES, dateSentStart: EIGHTEEN_MONTHS_AGO });
    assert.deepEqual(sortedIDs(mine), sortedIDs(manual.filter((email) => email.userID === 3)));
  });

  it('refuses bad rpp, page and enum values', async () => {
    for (const query of [{ rpp: 0 }, { rpp: 251 }, { rpp: 'abc' }, { page: 0 }, { page: 1.5 }, { deliveryType: 'foo' }, { status: 'foo' }, { status: 'sent,foo' }, { automatedResults: 'foo' }, { sortField: 'foo' }, { sortDirection: 'foo' }, { emailIDs: '1,x' }, { userID: 'me' }]) {
      assert.equal((await client.get('/emails/search', query)).body.code, 501, JSON.stringify(query));
    }
  });

  it('sorts by every field both ways (ascending without sortDirection); GET and POST agree', async () => {
    for (const [field, kind] of SORTS) {
      for (const direction of ['asc', 'desc', undefined]) {
        const query: Record<string, any> = { sortField: field, rpp: 250, status: ALL_STATUSES };
        if (direction) query.sortDirection = direction;
        const data = await client.data('/emails/search', query);
        assertSorted(data.records, field, kind, direction === 'desc', 'emailID');
        assert.deepEqual((await client.post('/emails/search', { ...query, status: ALL_STATUSES })).body.data.records, data.records);
      }
    }
  });

  it('answers a search again, page after page, as a mock that never saw it answers it (the kept matches and order)', async () => {
    const fresh = await MockClient.start({ clock: { start: NOW, speed: 0 } });
    try {
      const query = { status: ALL_STATUSES, dateSentStart: EIGHTEEN_MONTHS_AGO, sortField: 'title', sortDirection: 'desc', rpp: 7 };
      for (const page of [1, 2, 3, 2, 5]) assert.equal((await client.data('/emails/search', { ...query, page })).records.length, 7);
      for (const page of [5, 3, 1]) {
        assert.deepEqual((await client.data('/emails/search', { ...query, page })).records, (await fresh.data('/emails/search', { ...query, page })).records, `page ${page}`);
      }
      // A window around the same emails shares the entry; another sort of the same matches keeps its own order.
      const byDate = { ...query, sortField: 'dateAdded', sortDirection: 'asc' };
      assert.deepEqual((await client.data('/emails/search', { ...byDate, page: 2 })).records, (await fresh.data('/emails/search', { ...byDate, page: 2 })).records);
      assert.deepEqual((await client.data('/emails/search', { ...byDate, page: 2 })).records, (await fresh.data('/emails/search', { ...byDate, page: 2 })).records);
    } finally {
      await fresh.close();
    }
  });

  it('answers searches naming emails, a user, a campaign or a parent as the unindexed search does (the index of a mock without faults)', async () => {
    const unindexed = await MockClient.start({ clock: { start: NOW, speed: 0 } });
    try {
      // A fault no emails/search answer shows turns the index (and the kept matches) off.
      await unindexed.setFaults(['auth-missing-token-accepted']);
      const wide = { status: ALL_STATUSES, dateSentStart: EIGHTEEN_MONTHS_AGO, sortField: 'emailID', rpp: 250 };
      const every = (await client.data('/emails/search', wide)).records as { emailID: number; userID: number; campaignIDs: number[] }[];
      const queries = [
        { emailIDs: [every[0]!.emailID, every[5]!.emailID, 999_999] },
        { userID: every[3]!.userID },
        { campaignID: every.find((email) => email.campaignIDs.length > 0)!.campaignIDs[0] },
        { userID: every[3]!.userID, emailIDs: [every[3]!.emailID, every[4]!.emailID] },
        { deliveryType: 'automated', parentEmailID: (await client.data('/emails/search', { deliveryType: 'automated' })).records[0].emailID },
      ];
      for (const query of queries) {
        assert.deepEqual((await client.data('/emails/search', { ...wide, ...query })).records, (await unindexed.data('/emails/search', { ...wide, ...query })).records, JSON.stringify(query));
      }
    } finally {
      await unindexed.close();
    }
  });
});
