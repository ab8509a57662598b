import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MockClient } from './client';

describe('mock controls, determinism and quirks', () => {
  let client: MockClient;
  before(async () => (client = await MockClient.start({ clock: { start: '2025-06-15 12:00:00', speed: 0 } })));
  after(() => client.close());

  it('switches faults at runtime, refusing unknown names', async () => {
    assert.deepEqual((await client.admin('GET', 'faults')).body, { faults: [] });
    await client.setFaults(['ping-data-empty']);
    assert.deepEqual((await client.get('/helper/ping')).body.data, {});
    const refused = await client.admin('POST', 'faults', { faults: ['ping-data-empty', 'no-such-fault'] });
    assert.equal(refused.status, 400);
    assert.deepEqual((await client.admin('GET', 'faults')).body, { faults: ['ping-data-empty'] });
    client.mock.setFaults([]);
    assert.deepEqual((await client.get('/helper/ping')).body.data, { message: 'pong' });
    assert.throws(() => client.mock.setFaults(['nope']), /unknown fault/);
  });

  it('serves clock, fixtures and tokens; reset reseeds', async () => {
    assert.deepEqual((await client.admin('GET', 'clock')).body, { now: '2025-06-15 12:00:00', speed: 0 });
    assert.deepEqual((await client.admin('POST', 'clock', { start: '2025-07-01 00:00:00' })).body, { now: '2025-07-01 00:00:00', speed: 0 });
    assert.equal((await client.admin('POST', 'clock', { speed: -1 })).status, 400);
    assert.deepEqual((await client.admin('GET', 'fixtures')).body, client.mock.fixtures);
    assert.deepEqual((await client.admin('GET', 'tokens')).body, client.mock.tokens);
    assert.equal((await client.admin('GET', 'nothing')).status, 404);
    await client.importContacts({ contacts: [{ email: 'reset.me@example.com' }] });
    await client.reset();
    assert.equal((await client.importContacts({ contacts: [{ email: 'reset.me@example.com' }] })).body.data.recordsInserted, 1);
  });

  it('the same seed and clock give the same data; another seed other data', async () => {
    const twin = await MockClient.start({ clock: { start: '2025-07-01 00:00:00', speed: 0 } });
    const other = await MockClient.start({ seed: 2, clock: { start: '2025-07-01 00:00:00', speed: 0 } });
    try {
      const query = { status: 'All', rpp: 250 };
      const mine = await client.data('/groups/search', query);
      assert.deepEqual((await twin.data('/groups/search', query)).records, mine.records);
      assert.notDeepEqual((await other.data('/groups/search', query)).records, mine.records);
      assert.deepEqual((await twin.data('/emails/search', { rpp: 250 })).records, (await client.data('/emails/search', { rpp: 250 })).records);
      assert.deepEqual(twin.mock.fixtures, client.mock.fixtures);
    } finally {
      await Promise.all([twin.close(), other.close()]);
    }
  });

  it('with quirks, absent values are "" and private is 0/1', async () => {
    const quirky = await MockClient.start({ quirks: true });
    try {
      const groups = await quirky.all('/groups/search', { status: 'All' });
      assert.ok(groups.every((group) => group.private === 0 || group.private === 1));
      assert.ok(groups.some((group) => group.dateLastEmailSent === '' && group.autoResponseEmailID === ''));
      const emails = await quirky.all('/emails/search', { status: 'draft' });
      assert.ok(emails.every((email) => email.dateSent === '' && email.parentEmailID === '' && email.schedule.dateScheduled === ''));
    } finally {
      await quirky.close();
    }
  });

  it('scales: --scale 3 seeds three times the data', async () => {
    const big = await MockClient.start({ scale: 3 });
    try {
      const [small, large] = await Promise.all([client, big].map((each) => each.data('/groups/search', { status: 'All', rpp: 1 })));
      assert.equal(large.paging.totalRecords, 3 * small.paging.totalRecords);
    } finally {
      await big.close();
    }
  });
});
