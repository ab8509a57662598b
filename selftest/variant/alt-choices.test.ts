/**
 * The alt variant really takes its other choices (mock/README.md, "Silent points"), and the default stays as
 * it was: a few answers of both side by side, each on its own mock.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseVariant } from '../../mock/variant';
import { embeddedMockOptions } from '../../mock/provider';
import { MockClient } from '../mock/client';

const SERVICE_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('mock variant alt', () => {
  let alt: MockClient;
  let plain: MockClient;
  before(async () => {
    alt = await MockClient.start({ variant: 'alt', exportPendingPolls: 2 });
    plain = await MockClient.start({ exportPendingPolls: 2 });
  });
  after(async () => {
    await alt.close();
    await plain.close();
  });

  test('the variant is read from EMS_MOCK_VARIANT for the embedded mock; an unknown name is refused', () => {
    assert.equal(embeddedMockOptions({ faults: [] }, { EMS_MOCK_VARIANT: 'alt' }).variant, 'alt');
    assert.equal(embeddedMockOptions({ faults: [] }, {}).variant, 'default');
    assert.throws(() => parseVariant('other'), /variant must be one of/);
  });

  test('envelope: same keys and HTTP 200, another key order and requestID form', async () => {
    const answer = await alt.get('/helper/ping');
    assert.equal(answer.status, 200);
    assert.deepEqual(Object.keys(answer.body), ['requestID', 'data', 'errors', 'code', 'success']);
    assert.match(answer.body.requestID, /^[0-9a-f]{32}$/);
    assert.deepEqual(answer.body.data, { message: 'pong', version: 'v1' });
    const refused = await alt.get('/helper/ping', {}, null);
    assert.equal(refused.status, 200);
    assert.equal(refused.body.success, 0);
    assert.equal(refused.body.code, 1001);
    assert.equal(refused.body.errors.length, 2);
  });

  test('groups: "" for dates never set and owners missing, 0/1 private, page numbers as links, ties by groupID descending', async () => {
    const answer = await alt.get('/groups/search', { status: 'All', rpp: 250, sortField: 'totalMembers' });
    const records: Record<string, unknown>[] = answer.body.data.records;
    assert.ok(records.some((group) => group.dateModified === ''));
    assert.ok(records.some((group) => group.userID === ''));
    assert.ok(records.every((group) => group.private === 0 || group.private === 1));
    assert.ok(records.every((group) => typeof group.folderID === 'number'));
    for (const group of records) for (const key of ['dateAdded']) assert.match(String(group[key]), SERVICE_DATETIME);
    for (let i = 1; i < records.length; i++) {
      const [a, b] = [records[i - 1] as { totalMembers: number; groupID: number }, records[i] as { totalMembers: number; groupID: number }];
      assert.ok(a.totalMembers < b.totalMembers || (a.totalMembers === b.totalMembers && a.groupID > b.groupID), `order at ${i}`);
    }
    const paged = await alt.get('/groups/search', { rpp: 5 });
    assert.equal(paged.body.data.paging.next, '2');
    assert.equal(paged.body.data.paging.prev, '');
    const empty = await alt.get('/groups/search', { groupName: 'no group is called this' });
    assert.equal(empty.body.data.paging.totalPages, 1);
    const plainEmpty = await plain.get('/groups/search', { groupName: 'no group is called this' });
    assert.equal(plainEmpty.body.data.paging.totalPages, 0);
  });

  test('emails: templateID and abSplitID 0 when absent, drafts with their planned dateSent (emails.unsent-dateSent=planned), undocumented fields', async () => {
    const drafts = await alt.get('/emails/search', { status: 'draft', rpp: 250 });
    const records: Record<string, unknown>[] = drafts.body.data.records;
    assert.ok(records.length > 0);
    assert.ok(records.every((email) => typeof email.dateSent === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(email.dateSent) && email.abSplitID === 0 && !('parentEmailID' in email)));
    assert.ok(records.every((email) => email.htmlVersionEditable === 0 || email.htmlVersionEditable === 1));
    const plainDrafts = await plain.get('/emails/search', { status: 'draft', rpp: 250 });
    assert.ok(plainDrafts.body.data.records.every((email: Record<string, unknown>) => !('dateSent' in email) && !('htmlVersionEditable' in email)));
  });

  test('exports: Pending, In Progress, then Completed with details; an In Progress job still blocks a duplicate', async () => {
    const started = await alt.get('/exports/emails', { startDate: '2001-01-01', endDate: '2001-01-02' });
    const jobID = started.body.data.jobID;
    assert.ok(jobID >= 1001);
    const statuses: string[] = [];
    for (let poll = 0; poll < 4; poll++) {
      const answer = await alt.get('/exports/jobStatus', { jobID });
      statuses.push(answer.body.data.status);
      assert.equal(typeof answer.body.data.details, 'string');
      if (answer.body.data.status === 'In Progress') {
        const duplicate = await alt.get('/exports/emails', { startDate: '2001-01-01', endDate: '2001-01-02' });
        assert.equal(duplicate.body.success, 0);
      }
    }
    assert.deepEqual(statuses, ['Pending', 'Pending', 'In Progress', 'Completed']);
    const done = await alt.get('/exports/jobStatus', { jobID });
    assert.equal(done.body.data.totalRecords, 0);
    assert.equal(done.body.data.fileKey, '');
  });

  test('imports: a successful row carries no errors key under alt, [] under the default ("empty on success")', async () => {
    const contacts = [{ email: 'alt-errors-ok@example.com' }, { email: 'not-an-address' }];
    const [altOk, altFailed] = (await alt.importContacts({ contacts })).body.data.contactResults;
    const [plainOk] = (await plain.importContacts({ contacts })).body.data.contactResults;
    assert.equal('errors' in altOk, false);
    assert.deepEqual(plainOk.errors, []);
    assert.ok(altFailed.errors.length > 0);
  });

  test('unknown parameters are refused by alt and ignored by the default', async () => {
    assert.equal((await alt.get('/groups/search', { colour: 'blue' })).body.success, 0);
    assert.equal((await plain.get('/groups/search', { colour: 'blue' })).body.success, 1);
  });
});
