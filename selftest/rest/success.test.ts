import assert from 'node:assert/strict';
import { strFromU8, unzipSync } from 'fflate';
import { get } from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import { toRest } from '../contract/to-rest';
import type { QueryValues } from '../mock/client';
import { assertRestSuccess, ISO_DATETIME, pagingOf, RestRig } from './rig';

/** The REST adapter's answers to successful calls of every operation, validated through profiles/rest.json. */
describe('REST adapter: successes', () => {
  let rig: RestRig;
  before(async () => (rig = await RestRig.start()));
  beforeEach(() => rig.rest.reset());
  after(() => rig.close());

  /** The adapter's body equals the contract's own REST reading of the mock's envelope (links aside). */
  const sameAsDirect = async (path: string, query: QueryValues) => {
    const rest = (await rig.rest.get(path, query)).body;
    const direct = (await rig.direct.get(path, query)).body;
    const strip = (body: any) => ({ ...body, next: body.next === undefined ? undefined : 'link', prev: body.prev === undefined ? undefined : 'link' });
    assert.deepEqual(strip(rest), strip(toRest(direct, 'success')));
  };

  it('helper/ping answers HTTP 200 with the payload as the whole body', async () => {
    const body = assertRestSuccess('helper.ping', await rig.rest.get('/helper/ping'));
    assert.deepEqual(body, { message: 'pong' });
  });

  it('groups/search (GET and POST) answers items, page, perPage, totalPages, total', async () => {
    const get = assertRestSuccess('groups.search', await rig.rest.get('/groups/search', { status: 'All', rpp: 250 }));
    const post = assertRestSuccess('groups.search', await rig.rest.post('/groups/search', { status: 'All', rpp: 250 }));
    for (const body of [get, post]) {
      assert.deepEqual(Object.keys(body).sort(), ['items', 'page', 'perPage', 'total', 'totalPages']);
      assert.equal(body.page, 1);
      assert.equal(body.perPage, 250);
      assert.equal(body.total, body.items.length);
      assert.equal(body.totalPages, 1);
    }
    assert.deepEqual(post.items, get.items);
    await sameAsDirect('/groups/search', { status: 'All', rpp: 250 });
  });

  it('emails/search answers the same shape for manual, automated detail and transactional searches', async () => {
    const searches = [
      { status: 'draft,scheduled,sent', rpp: 250 },
      { deliveryType: 'automated', automatedResults: 'detail', rpp: 250 },
      { deliveryType: 'transactional', rpp: 250 },
    ];
    for (const query of searches) {
      const body = assertRestSuccess('emails.search', await rig.rest.get('/emails/search', query));
      assert.ok(body.items.length > 0, JSON.stringify(query));
      assert.equal(body.perPage, 250);
      await sameAsDirect('/emails/search', query);
    }
  });

  it('contacts/import answers the import result as the whole body (row flags stay 0/1)', async () => {
    const answer = await rig.rest.importContacts({ contacts: [{ email: 'rest.one@example.com' }, { email: 'not-an-email' }] });
    const body = assertRestSuccess('contacts.import', answer);
    assert.equal(body.recordsInData, 2);
    assert.equal(body.recordsInserted, 1);
    assert.deepEqual(body.contactResults.map((row: any) => [row.email, row.success, row.inserted]), [
      ['rest.one@example.com', 1, 1],
      ['not-an-email', 0, 0],
    ]);
    assert.ok(Array.isArray(body.warnings));
  });

  it('exports: jobID, Pending, then Completed with fileKey and an ISO fileExpiration; getFile passes the zip through', async () => {
    const requested = assertRestSuccess('exports.emails', await rig.rest.get('/exports/emails', { startDate: '2025-01-01', endDate: '2025-03-31' }));
    assert.deepEqual(Object.keys(requested), ['jobID']);
    const pending = assertRestSuccess('exports.jobStatus', await rig.rest.get('/exports/jobStatus', { jobID: requested.jobID }));
    assert.deepEqual(pending, { status: 'Pending' });
    await rig.rest.advance(3000);
    const done = assertRestSuccess('exports.jobStatus', await rig.rest.get('/exports/jobStatus', { jobID: requested.jobID }));
    assert.equal(done.status, 'Completed');
    assert.ok(done.totalRecords > 0);
    assert.match(done.fileExpiration, ISO_DATETIME);

    const viaAdapter = await rig.rest.get('/exports/getFile', { fileKey: done.fileKey });
    const direct = await rig.direct.get('/exports/getFile', { fileKey: done.fileKey });
    assert.equal(viaAdapter.status, 200);
    assert.equal(viaAdapter.headers.get('content-type'), 'application/zip');
    assert.equal(viaAdapter.headers.get('content-disposition'), direct.headers.get('content-disposition'));
    assert.equal(Number(viaAdapter.headers.get('content-length')), viaAdapter.bytes.length);
    const entries = unzipSync(viaAdapter.bytes);
    assert.deepEqual(Object.keys(entries), [`${done.fileKey}.csv`]);
    assert.equal(strFromU8(entries[`${done.fileKey}.csv`]!), strFromU8(unzipSync(direct.bytes)[`${done.fileKey}.csv`]!));
    assert.equal(strFromU8(entries[`${done.fileKey}.csv`]!).split('\r\n').length - 2, done.totalRecords);
  });

  it('a Completed job without records carries no fileKey', async () => {
    const { jobID } = (await rig.rest.get('/exports/emails', { startDate: '2090-01-01', endDate: '2090-01-31' })).body;
    await rig.rest.advance(3000);
    assert.deepEqual(assertRestSuccess('exports.jobStatus', await rig.rest.get('/exports/jobStatus', { jobID })), { status: 'Completed', totalRecords: 0 });
  });
});

describe('REST adapter: paging links', () => {
  let rig: RestRig;
  before(async () => (rig = await RestRig.start()));
  after(() => rig.close());

  const page = async (query: Record<string, string | number>) => assertRestSuccess('groups.search', await rig.rest.get('/groups/search', query));

  it('next and prev are the adapter\'s URLs of the neighbouring pages, absent where there is no such page', async () => {
    const first = await page({ status: 'All', rpp: 10 });
    assert.ok(first.totalPages >= 3);
    assert.equal(pagingOf(first, 'prev'), undefined);
    const next = pagingOf(first, 'next') as string;
    assert.ok(next.startsWith(`${rig.adapter.baseUrl}/groups/search?`), next);
    assert.equal(new URL(next).searchParams.get('page'), '2');

    const second = assertRestSuccess('groups.search', await rig.rest.call(next));
    assert.equal(second.page, 2);
    assert.ok((pagingOf(second, 'prev') as string).startsWith(rig.adapter.origin));
    const back = assertRestSuccess('groups.search', await rig.rest.call(pagingOf(second, 'prev') as string));
    assert.deepEqual(back.items, first.items);

    const last = await page({ status: 'All', rpp: 10, page: first.totalPages });
    assert.equal(pagingOf(last, 'next'), undefined);
    assert.ok(typeof pagingOf(last, 'prev') === 'string');
    const beyond = await page({ status: 'All', rpp: 10, page: first.totalPages + 1 });
    assert.deepEqual(beyond.items, []);
    assert.equal(pagingOf(beyond, 'next'), undefined);
  });

  it('a POST search links GET URLs holding its parameters; an empty search has total 0, totalPages 0 and no links', async () => {
    const posted = assertRestSuccess('emails.search', await rig.rest.post('/emails/search', { status: ['draft', 'sent'], rpp: 5, sortField: 'emailID' }));
    const next = new URL(pagingOf(posted, 'next') as string);
    assert.equal(next.origin, rig.adapter.origin);
    assert.equal(next.searchParams.get('sortField'), 'emailID');
    const followed = assertRestSuccess('emails.search', await rig.rest.call(next.href));
    assert.equal(followed.page, 2);
    assert.notDeepEqual(followed.items, posted.items);

    const none = await page({ groupName: 'no group is called like this' });
    assert.deepEqual(none, { items: [], page: 1, perPage: 20, totalPages: 0, total: 0 });
  });

  it('links follow the Host the client used', async () => {
    const body = await new Promise<any>((resolve, reject) => {
      const url = `${rig.adapter.baseUrl}/groups/search?rpp=5`;
      const headers = { Host: 'ems.example:8080', Authorization: `Bearer ${rig.mock.tokens.full}` };
      get(url, { headers }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve(JSON.parse(text)));
      }).on('error', reject);
    });
    assert.ok((pagingOf(body, 'next') as string).startsWith('http://ems.example:8080/v1/groups/search?'), JSON.stringify(body.next));
  });
});
