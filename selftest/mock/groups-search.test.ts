import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ids, MockClient } from './client';
import { assertSorted, type Kind } from './sort-check';

const SORTS: [string, Kind][] = [
  ['groupID', 'number'],
  ['groupName', 'text'],
  ['dateAdded', 'datetime'],
  ['dateModified', 'datetime'],
  ['dateLastEmailSent', 'datetime'],
  ['totalMembers', 'number'],
  ['activeMembers', 'number'],
];
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('groups/search', () => {
  let client: MockClient;
  let everyGroup: any[];
  before(async () => {
    client = await MockClient.start();
    everyGroup = await client.all('/groups/search', { status: 'All' });
  });
  after(() => client.close());

  it('has varied data: 60+ groups, every status x type x private combination, absent dates', () => {
    assert.ok(everyGroup.length >= 60);
    const combos = new Set(everyGroup.map((group) => `${group.status}/${group.type}/${group.private}`));
    assert.equal(combos.size, 8);
    assert.ok(everyGroup.filter((group) => group.status === 'Active').length > 20);
    assert.ok(everyGroup.filter((group) => group.type === 'Static').length > 20);
    assert.ok(everyGroup.some((group) => group.dateLastEmailSent === undefined));
    assert.ok(everyGroup.some((group) => group.activeMembers < group.totalMembers));
  });

  it('returns records of the documented types, absent values omitted', () => {
    for (const group of everyGroup) {
      for (const field of ['groupID', 'userID', 'totalMembers', 'activeMembers']) assert.ok(Number.isInteger(group[field]), field);
      for (const field of ['groupName', 'friendlyName', 'description']) assert.equal(typeof group[field], 'string');
      assert.equal(typeof group.private, 'boolean');
      assert.ok(['Active', 'Archived'].includes(group.status) && ['Static', 'Dynamic'].includes(group.type));
      for (const field of ['dateAdded', 'dateModified', 'dateLastEmailSent']) if (field in group) assert.match(group[field], DATETIME);
      assert.ok(Object.values(group).every((value) => value !== null && value !== ''));
      assert.ok(group.activeMembers <= group.totalMembers);
    }
    assert.equal(new Set(everyGroup.map((group) => group.groupName.toLowerCase())).size, everyGroup.length);
  });

  it('defaults: page 1 of 20 Active groups by groupName asc, all types', async () => {
    const data = await client.data('/groups/search');
    assert.equal(data.records.length, 20);
    assert.deepEqual({ ...data.paging, next: !!data.paging.next }, { page: 1, rpp: 20, totalPages: Math.ceil(data.paging.totalRecords / 20), totalRecords: data.paging.totalRecords, next: true, prev: '' });
    const active = everyGroup.filter((group) => group.status === 'Active');
    assert.equal(data.paging.totalRecords, active.length);
    assert.ok(new Set(active.map((group) => group.type)).size === 2);
    assertSorted(data.records, 'groupName', 'text', false, 'groupID');
    const explicit = await client.data('/groups/search', { page: 1, rpp: 20, status: 'active', type: 'all', sortField: 'groupName', sortDirection: 'asc' });
    assert.deepEqual(explicit.records, data.records);
  });

  it('pages are disjoint, complete and linked; a page beyond the last is empty', async () => {
    const seen: number[] = [];
    let data = await client.data('/groups/search', { status: 'All', rpp: 7 });
    const { totalPages, totalRecords } = data.paging;
    assert.equal(totalPages, Math.ceil(totalRecords / 7));
    for (let page = 1; ; page++) {
      assert.equal(data.paging.page, page);
      assert.equal(data.paging.prev === '', page === 1);
      assert.ok(data.records.length === 7 || (page === totalPages && data.records.length <= 7));
      seen.push(...ids(data.records));
      if (!data.paging.next) break;
      data = (await client.call(data.paging.next)).body.data;
    }
    assert.equal(seen.length, totalRecords);
    assert.equal(new Set(seen).size, totalRecords);
    const beyond = await client.data('/groups/search', { status: 'All', rpp: 7, page: totalPages + 3 });
    assert.deepEqual([beyond.records, beyond.paging.next], [[], '']);
    const none = await client.data('/groups/search', { groupName: 'no such group' });
    assert.deepEqual(none.paging, { page: 1, rpp: 20, totalPages: 0, totalRecords: 0, next: '', prev: '' });
  });

  it('refuses rpp and page out of bounds or not integers, never clamping', async () => {
    for (const query of [{ rpp: 0 }, { rpp: 251 }, { rpp: -1 }, { rpp: 'abc' }, { rpp: 2.5 }, { page: 0 }, { page: -2 }, { page: 1.5 }, { page: 'x' }, { rpp: [5, 6] }]) {
      const answer = await client.get('/groups/search', query);
      assert.equal(answer.body.success, 0, JSON.stringify(query));
      assert.equal(answer.body.code, 501);
    }
    for (const rpp of [1, 250]) assert.equal((await client.data('/groups/search', { rpp, status: 'All' })).records.length, Math.min(rpp, everyGroup.length));
    assert.equal((await client.post('/groups/search', { rpp: '5' })).body.data.records.length, 5);
    assert.equal((await client.post('/groups/search', { rpp: 5.5 })).body.success, 0);
  });

  it('refuses unknown enum values; accepts any case', async () => {
    for (const query of [{ sortField: 'foo' }, { status: 'foo' }, { type: 'foo' }, { sortDirection: 'foo' }, { status: '' }]) {
      assert.equal((await client.get('/groups/search', query)).body.code, 501, JSON.stringify(query));
    }
    assert.equal((await client.get('/groups/search', { status: 'ARCHIVED', type: 'static', sortDirection: 'DESC' })).body.success, 1);
  });

  it('filters by status, type, private, groupName, groupIDs and userID', async () => {
    const expect = async (query: Record<string, any>, predicate: (group: any) => boolean) => {
      const found = await client.all('/groups/search', query);
      assert.deepEqual(ids(found).sort((a, b) => a - b), ids(everyGroup.filter(predicate)).sort((a, b) => a - b), JSON.stringify(query));
    };
    await expect({ status: 'Archived' }, (group) => group.status === 'Archived');
    await expect({ status: 'Active' }, (group) => group.status === 'Active');
    await expect({ status: 'All', type: 'Dynamic' }, (group) => group.type === 'Dynamic');
    await expect({ status: 'All', type: 'Static' }, (group) => group.type === 'Static');
    await expect({ status: 'All', private: 0 }, (group) => !group.private);
    await expect({ status: 'All', private: 'true' }, (group) => group.private);
    await expect({ status: 'All', groupName: 'news' }, (group) => group.groupName.toLowerCase().includes('news'));
    await expect({ status: 'All', groupName: 'VIP' }, (group) => group.groupName.toLowerCase().includes('vip'));
    const some = ids(everyGroup).slice(3, 9);
    await expect({ status: 'All', groupIDs: some }, (group) => some.includes(group.groupID));
    await expect({ status: 'All', groupIDs: some.join(',') }, (group) => some.includes(group.groupID));
    await expect({ groupIDs: some }, (group) => some.includes(group.groupID) && group.status === 'Active');
    await expect({ status: 'All', userID: 2 }, (group) => group.userID === 2);
    await expect({ status: 'Archived', type: 'Static', private: 1 }, (group) => group.status === 'Archived' && group.type === 'Static' && group.private);
  });

  it('sorts by every field in both directions; GET and POST agree', async () => {
    for (const [field, kind] of SORTS) {
      for (const direction of ['asc', 'desc']) {
        const query = { status: 'All', sortField: field, sortDirection: direction, rpp: 250 };
        const data = await client.data('/groups/search', query);
        assertSorted(data.records, field, kind, direction === 'desc', 'groupID');
        const viaPost = await client.post('/groups/search', query);
        assert.deepEqual(viaPost.body.data.records, data.records);
      }
    }
    const ascOnly = await client.data('/groups/search', { status: 'All', sortField: 'totalMembers', rpp: 250 });
    assertSorted(ascOnly.records, 'totalMembers', 'number', false, 'groupID');
  });
});
