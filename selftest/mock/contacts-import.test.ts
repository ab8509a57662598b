import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { MockClient } from './client';

describe('contacts/import', () => {
  let client: MockClient;
  let staticGroup: any;
  let otherStatic: any;
  let dynamicGroup: any;
  before(async () => {
    client = await MockClient.start();
  });
  beforeEach(async () => {
    await client.reset();
    const groups = await client.all('/groups/search', { status: 'All' });
    [staticGroup, otherStatic] = groups.filter((group) => group.type === 'Static' && group.status === 'Active');
    dynamicGroup = groups.find((group) => group.type === 'Dynamic');
  });
  after(() => client.close());

  const importOK = async (body: Record<string, unknown>) => {
    const answer = await client.importContacts(body);
    assert.equal(answer.body.success, 1, JSON.stringify(answer.body));
    return answer.body.data;
  };

  it('inserts new contacts, then matches them on email (any case) and updates them', async () => {
    const first = await importOK({ contacts: [{ email: 'new.one@example.com', firstName: 'New' }, { email: 'new.two@example.com', firstName: 'Two' }] });
    assert.deepEqual({ ...first, contactResults: undefined }, { recordsUpdated: 0, recordsInserted: 2, recordsInData: 2, contactResults: undefined });
    assert.deepEqual(Object.keys(first).sort(), ['contactResults', 'recordsInData', 'recordsInserted', 'recordsUpdated']);
    const [one, two] = first.contactResults;
    assert.deepEqual({ ...one, contactID: 0 }, { email: 'new.one@example.com', contactID: 0, success: 1, inserted: 1, updated: 0, errors: [] });
    assert.ok(Number.isInteger(one.contactID) && one.contactID !== two.contactID);
    const again = await importOK({ contacts: [{ email: 'NEW.One@Example.com', firstName: 'Renamed' }] });
    assert.deepEqual(again.contactResults[0], { email: 'NEW.One@Example.com', contactID: one.contactID, success: 1, inserted: 0, updated: 1, errors: [] });
    assert.equal(again.recordsUpdated, 1);
  });

  it('updateExisting 0 leaves existing contacts alone but still changes their groups', async () => {
    const created = await importOK({ contacts: [{ email: 'keep.me@example.com' }] });
    const before = await client.group(staticGroup.groupID);
    for (const updateExisting of [0, false, '0']) {
      const data = await importOK({ contacts: [{ email: 'keep.me@example.com' }], updateExisting, groupIDs: [staticGroup.groupID] });
      assert.deepEqual(data.contactResults[0], { email: 'keep.me@example.com', contactID: created.contactResults[0].contactID, success: 1, inserted: 0, updated: 0, errors: [] });
      assert.equal(data.recordsUpdated + data.recordsInserted, 0);
    }
    assert.equal((await client.group(staticGroup.groupID)).totalMembers, before.totalMembers + 1);
    await importOK({ contacts: [{ email: 'keep.me@example.com' }], updateExisting: 0, removeGroupIDs: [staticGroup.groupID] });
    assert.equal((await client.group(staticGroup.groupID)).totalMembers, before.totalMembers);
  });

  it('adds to static groups, never to dynamic ones (with a warning), removes from removeGroupIDs', async () => {
    const [staticBefore, otherBefore, dynamicBefore] = await Promise.all([staticGroup, otherStatic, dynamicGroup].map((group) => client.group(group.groupID)));
    const contacts = [{ email: 'grp.a@example.com' }, { email: 'grp.b@example.com' }];
    const data = await importOK({ contacts, groupIDs: [staticGroup.groupID, otherStatic.groupID, dynamicGroup.groupID, 999999] });
    assert.ok(data.warnings.some((warning: string) => warning.includes(`${dynamicGroup.groupID} is Dynamic`)));
    assert.ok(data.warnings.some((warning: string) => warning.includes('999999')));
    assert.equal((await client.group(staticGroup.groupID)).totalMembers, staticBefore.totalMembers + 2);
    assert.equal((await client.group(staticGroup.groupID)).activeMembers, staticBefore.activeMembers + 2);
    assert.equal((await client.group(otherStatic.groupID)).totalMembers, otherBefore.totalMembers + 2);
    assert.equal((await client.group(dynamicGroup.groupID)).totalMembers, dynamicBefore.totalMembers);
    await importOK({ contacts, removeGroupIDs: [staticGroup.groupID] });
    assert.equal((await client.group(staticGroup.groupID)).totalMembers, staticBefore.totalMembers);
    const plain = await importOK({ contacts: [{ email: 'no.warnings@example.com' }] });
    assert.equal('warnings' in plain, false);
  });

  it('suppressed contacts stay suppressed: counted in totalMembers, never in activeMembers', async () => {
    const before = await client.group(staticGroup.groupID);
    const contacts = client.mock.fixtures.suppressedEmails!.map((email) => ({ email }));
    const data = await importOK({ contacts, groupIDs: [staticGroup.groupID] });
    assert.ok(data.contactResults.every((row: any) => row.success === 1 && row.inserted === 0));
    const after = await client.group(staticGroup.groupID);
    assert.equal(after.totalMembers, before.totalMembers + contacts.length);
    assert.equal(after.activeMembers, before.activeMembers);
  });

  it('fails bad rows alone, in order, with errors and warnings; writes nothing for them', async () => {
    const contacts = [
      { email: 'good.one@example.com', firstName: 'A' },
      { email: 'not-an-address', firstName: 'B' },
      { firstName: 'C', lastName: 'no email' },
      { email: 'other.keys@example.com', lastName: 'D' },
      { email: '', firstName: 'E' },
      { email: 'bad.custom@example.com', firstName: 'F', customFields: 'x' },
      { email: 'Good.Two@example.com', firstName: 'G' },
    ];
    const data = await importOK({ contacts, groupIDs: [staticGroup.groupID] });
    assert.equal(data.recordsInData, 7);
    assert.equal(data.recordsInserted, 2);
    assert.deepEqual(data.contactResults.map((row: any) => row.success), [1, 0, 0, 0, 0, 0, 1]);
    assert.deepEqual(data.contactResults.map((row: any) => row.email), contacts.map((row) => row.email ?? ''));
    for (const row of data.contactResults) {
      assert.equal('contactID' in row, row.success === 1);
      assert.equal(row.errors.length > 0, row.success === 0);
    }
    assert.equal(data.warnings.length, 5);
    const retry = await importOK({ contacts: [{ email: 'other.keys@example.com' }, { email: 'not-an-address' }] });
    assert.equal(retry.contactResults[0].inserted, 1, 'the failed row wrote nothing');
  });

  it('imports customFields maps of {value}; a duplicate email in one batch updates the first', async () => {
    const data = await importOK({
      contacts: [
        { email: 'custom@example.com', customFields: { plan: { value: 'gold' }, score: { value: 7 } } },
        { email: 'custom@example.com', customFields: { plan: { value: 'silver' } } },
      ],
    });
    assert.deepEqual(data.contactResults.map((row: any) => [row.success, row.inserted, row.updated]), [[1, 1, 0], [1, 0, 1]]);
    assert.equal(data.contactResults[0].contactID, data.contactResults[1].contactID);
  });

  it('refuses the call for 0, 1001, missing or non-array contacts, or a GET, and writes nothing', async () => {
    const before = await client.group(staticGroup.groupID);
    const many = Array.from({ length: 1001 }, (_, index) => ({ email: `bulk${index}@example.com` }));
    for (const body of [{ contacts: [] }, { contacts: many }, {}, { contacts: 'x' }, { contacts: { email: 'a@b.cc' } }, { contacts: [{ email: 'x@y.zz' }], groupIDs: 'abc' }, { contacts: [{ email: 'x@y.zz' }], updateExisting: 'maybe' }]) {
      const answer = await client.importContacts({ ...body, groupIDs: (body as any).groupIDs ?? [staticGroup.groupID] });
      assert.equal(answer.body.success, 0, JSON.stringify(body).slice(0, 80));
      assert.ok(answer.body.code !== 0 && answer.body.errors.length > 0);
    }
    assert.equal((await client.call('/contacts/import', { method: 'GET', query: { contacts: '[]' } })).body.code, 505);
    assert.equal((await client.group(staticGroup.groupID)).totalMembers, before.totalMembers);
    const thousand = await importOK({ contacts: many.slice(0, 1000), groupIDs: [staticGroup.groupID] });
    assert.equal(thousand.recordsInserted, 1000);
    assert.equal((await client.group(staticGroup.groupID)).totalMembers, before.totalMembers + 1000);
  });
});
