import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadSpec } from '../../harness/contract';
import { BOOLEAN_FIELDS, DATETIME_FIELDS, isoDatetime } from '../../mock/rest/values';
import { assertRestSuccess, ISO_DATETIME, RestRig } from './rig';

const ids = (body: any, key: string): number[] => body.items.map((item: any) => item[key]);

/** Every datetime-valued field of a record, with its pointer-ish path. */
function datetimes(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => datetimes(item, `${path}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => (DATETIME_FIELDS.has(key) ? [[`${path}/${key}`, item] as [string, unknown]] : datetimes(item, `${path}/${key}`)));
}

describe('REST adapter: values', () => {
  let rig: RestRig;
  before(async () => (rig = await RestRig.start()));
  after(() => rig.close());

  it('datetimes of records are ISO 8601 UTC, the same instants the mock sends', async () => {
    for (const [path, query, key] of [
      ['/groups/search', { status: 'All', rpp: 250 }, 'groupID'],
      ['/emails/search', { status: 'draft,scheduled,sent', rpp: 250 }, 'emailID'],
    ] as const) {
      const rest = assertRestSuccess(path === '/groups/search' ? 'groups.search' : 'emails.search', await rig.rest.get(path, query));
      const direct = (await rig.direct.get(path, query)).body.data.records;
      const found = datetimes(rest.items);
      assert.ok(found.length > rest.items.length, 'records carry datetimes');
      for (const [where, value] of found) assert.match(String(value), ISO_DATETIME, where);
      assert.deepEqual(ids(rest, key), direct.map((record: any) => record[key]));
      rest.items.forEach((item: any, index: number) => {
        for (const field of ['dateAdded', 'dateModified', 'dateSent', 'dateLastEmailSent']) {
          if (direct[index][field] === undefined) assert.equal(item[field], undefined);
          else assert.equal(Date.parse(item[field]), Date.parse(`${direct[index][field].replace(' ', 'T')}Z`));
        }
      });
    }
    assert.ok(datetimes((await rig.rest.get('/emails/search', { status: 'scheduled', rpp: 250 })).body.items).some(([path]) => path.endsWith('/schedule/dateScheduled')));
  });

  it('the adapter converts every datetime field of the spec\'s responses, and only those', () => {
    const schemas = loadSpec().components?.schemas ?? {};
    const inResponses = new Set<string>();
    for (const [name, schema] of Object.entries(schemas)) {
      if (name.endsWith('Params')) continue;
      for (const [property, node] of Object.entries((schema as { properties?: Record<string, { format?: string }> }).properties ?? {})) {
        if (node.format === 'ems-datetime') inResponses.add(property);
      }
    }
    assert.deepEqual([...DATETIME_FIELDS].sort(), [...inResponses].sort());
    assert.equal(isoDatetime('2013-02-12 02:42:00'), '2013-02-12T02:42:00Z');
    assert.equal(isoDatetime('Summer 2013-02-12 02:42:00'), 'Summer 2013-02-12 02:42:00');
    assert.deepEqual([...BOOLEAN_FIELDS], ['private']);
  });

  it('private is true/false in records, and true/false filter requests (query and body)', async () => {
    const all = assertRestSuccess('groups.search', await rig.rest.get('/groups/search', { status: 'All', rpp: 250 }));
    assert.ok(all.items.every((group: any) => typeof group.private === 'boolean'));
    for (const flag of [true, false]) {
      const expected = all.items.filter((group: any) => group.private === flag).map((group: any) => group.groupID);
      assert.ok(expected.length > 0);
      const viaQuery = assertRestSuccess('groups.search', await rig.rest.get('/groups/search', { status: 'All', rpp: 250, private: String(flag) }));
      const viaBody = assertRestSuccess('groups.search', await rig.rest.post('/groups/search', { status: 'All', rpp: 250, private: flag }));
      assert.deepEqual(ids(viaQuery, 'groupID'), expected);
      assert.deepEqual(ids(viaBody, 'groupID'), expected);
    }
  });

  it('comma lists in the query and arrays in a body are read as lists', async () => {
    const some = assertRestSuccess('groups.search', await rig.rest.get('/groups/search', { status: 'All', rpp: 3, sortField: 'groupID' }));
    const wanted = ids(some, 'groupID');
    const viaComma = assertRestSuccess('groups.search', await rig.rest.get('/groups/search', { status: 'All', groupIDs: wanted.join(','), sortField: 'groupID' }));
    const viaArray = assertRestSuccess('groups.search', await rig.rest.post('/groups/search', { status: 'All', groupIDs: wanted, sortField: 'groupID' }));
    assert.deepEqual(ids(viaComma, 'groupID'), wanted);
    assert.deepEqual(ids(viaArray, 'groupID'), wanted);
    const statuses = assertRestSuccess('emails.search', await rig.rest.get('/emails/search', { status: 'draft,scheduled', rpp: 250 }));
    assert.deepEqual(new Set(statuses.items.map((email: any) => email.status)), new Set(['Draft', 'Scheduled']));
  });

  it('ISO 8601 datetime parameters select the same window as service datetimes', async () => {
    const service = { dateSentStart: '2025-01-01 00:00:00', dateSentEnd: '2025-03-31 23:59:59', rpp: 250 };
    const iso = { dateSentStart: '2025-01-01T00:00:00Z', dateSentEnd: '2025-03-31T23:59:59Z', rpp: 250 };
    const expected = ids(assertRestSuccess('emails.search', await rig.rest.get('/emails/search', service)), 'emailID');
    assert.ok(expected.length > 0);
    assert.deepEqual(ids(assertRestSuccess('emails.search', await rig.rest.get('/emails/search', iso)), 'emailID'), expected);
    assert.deepEqual(ids(assertRestSuccess('emails.search', await rig.rest.post('/emails/search', iso)), 'emailID'), expected);
    const inWindow = (await rig.rest.get('/emails/search', iso)).body.items.every((email: any) => email.dateSent >= iso.dateSentStart && email.dateSent <= iso.dateSentEnd);
    assert.ok(inWindow, 'ISO datetimes compare as text within one format');
  });

  it('updateExisting true/false in the body', async () => {
    const email = 'rest.update@example.com';
    await rig.rest.importContacts({ contacts: [{ email, firstName: 'A' }] });
    const kept = assertRestSuccess('contacts.import', await rig.rest.importContacts({ contacts: [{ email, firstName: 'B' }], updateExisting: false }));
    assert.deepEqual([kept.recordsUpdated, kept.contactResults[0].updated], [0, 0]);
    const updated = assertRestSuccess('contacts.import', await rig.rest.importContacts({ contacts: [{ email, firstName: 'C' }], updateExisting: true }));
    assert.deepEqual([updated.recordsUpdated, updated.contactResults[0].updated], [1, 1]);
  });
});

describe('REST adapter: in front of a mock with the service\'s quirks', () => {
  let rig: RestRig;
  before(async () => (rig = await RestRig.start({ quirks: true })));
  after(() => rig.close());

  it('turns 0/1 private into true/false and leaves absent values out instead of ""', async () => {
    const direct = (await rig.direct.get('/groups/search', { status: 'All', rpp: 250 })).body.data.records;
    assert.ok(direct.some((group: any) => group.private === 1) && direct.some((group: any) => group.dateLastEmailSent === ''));
    const groups = assertRestSuccess('groups.search', await rig.rest.get('/groups/search', { status: 'All', rpp: 250 }));
    groups.items.forEach((group: any, index: number) => {
      assert.equal(group.private, direct[index].private === 1);
      assert.ok(Object.values(group).every((value) => value !== ''), JSON.stringify(group));
    });
    const emails = assertRestSuccess('emails.search', await rig.rest.get('/emails/search', { status: 'draft,scheduled,sent', rpp: 250 }));
    assert.ok(emails.items.some((email: any) => !('dateSent' in email)));
    assert.ok(emails.items.every((email: any) => email.schedule.dateScheduled !== ''));
  });
});
