import '../core/support/nock-on-node20';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import nock from 'nock';
import { createResponseValidator, loadProfile } from '../../harness/contract';
import { createApiClient } from '../../harness/exchanges/client';
import { walkPages } from '../../drivers/search/walk-pages';
import { group } from '../core/support/bodies';
import { recordingRecorder } from '../core/support/recorder';
import { testTarget } from '../core/support/target';

/**
 * The REST conventions a profile can describe beyond the built-ins: a string or absent error code,
 * messages as one string or as objects with a message field, paging without next/prev links, and an
 * envelope schema of the parent profile switched off. Each shape is read through the harness's one
 * client against a nock target: a conforming answer passes envelope.error-signal, a breaking one fails it.
 */
const ORIGIN = 'http://ems.test';
let dir = '';

/** A profile file extending rest with these members (merge patch: null removes the parent's). */
function profileFile(name: string, patch: Record<string, unknown>): string {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify({ name, description: `self-test: ${name}`, extends: 'rest', ...patch }));
  return path;
}

async function signalOf(profilePath: string, reply: { status: number; body: unknown }) {
  nock(ORIGIN).get('/v1/groups/search').query(true).reply(reply.status, reply.body as nock.Body);
  const target = testTarget({ EMS_PROFILE: profilePath });
  const { recorder, verdictOf } = recordingRecorder(target.profile);
  const response = await createApiClient(target, { recorder }).call('groups.search');
  return { response, signal: verdictOf('envelope.error-signal')[0], shape: verdictOf('envelope.shape')[0] };
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ems-profile-shapes-'));
  nock.disableNetConnect();
});
afterEach(() => nock.cleanAll());
after(() => {
  nock.enableNetConnect();
  rmSync(dir, { recursive: true, force: true });
});

const page = { items: [group(1, { dateAdded: '2024-01-02T03:04:05Z', dateModified: '2024-01-02T03:04:05Z' })], page: 1, perPage: 20, totalPages: 1, total: 1 };

describe('a string error code, one message string ({"error": {"code": "invalid_parameter", "message": "..."}})', () => {
  const patch = { outcome: { codePointer: '/error/code', codeType: 'string', errorsPointer: '/error/message', errorsForm: 'string' }, envelope: null };

  test('an error with a string code and a message passes; both are read', async () => {
    const { response, signal } = await signalOf(profileFile('string-code', patch), { status: 400, body: { error: { code: 'invalid_parameter', message: 'rpp must be 1 to 250' } } });
    assert.equal(response.outcome, 'error');
    assert.equal(response.code, 'invalid_parameter');
    assert.deepEqual(response.errors, ['rpp must be 1 to 250']);
    assert.equal(signal?.verdict, 'pass', signal?.reason);
  });

  test('an error whose code is an integer, or empty, fails: the profile types it as a string', async () => {
    const path = profileFile('string-code', patch);
    for (const code of [400, '']) {
      const { response, signal } = await signalOf(path, { status: 400, body: { error: { code, message: 'bad rpp' } } });
      assert.equal(response.code, undefined);
      assert.equal(signal?.verdict, 'fail');
      assert.match(signal?.reason ?? '', /no non-empty string code/);
      assert.deepEqual(signal?.evidence[0]?.actual, code);
    }
  });

  test('an error whose message is empty, or an array where one string is declared, fails', async () => {
    const path = profileFile('string-code', patch);
    const empty = await signalOf(path, { status: 400, body: { error: { code: 'invalid_parameter', message: '' } } });
    assert.match(empty.signal?.reason ?? '', /no error message/);
    const listed = await signalOf(path, { status: 400, body: { error: { code: 'invalid_parameter', message: ['bad rpp'] } } });
    assert.deepEqual(listed.response.errors, ['bad rpp'], 'every form is still read');
    assert.equal(listed.signal?.verdict, 'fail');
    assert.match(listed.signal?.reason ?? '', /not in the declared form \(string\)/);
  });

  test('a success carrying a string code fails; one without passes', async () => {
    const path = profileFile('string-code', patch);
    assert.equal((await signalOf(path, { status: 200, body: page })).signal?.verdict, 'pass');
    const coded = await signalOf(path, { status: 200, body: { ...page, error: { code: 'invalid_parameter' } } });
    assert.equal(coded.signal?.verdict, 'fail');
    assert.match(coded.signal?.reason ?? '', /a success carries an error code/);
  });
});

describe('no error code at all', () => {
  const patch = { outcome: { codePointer: null, errorsPointer: '/message' }, envelope: null };

  test('codePointer null removes the parent\'s code: an error is judged on its message alone', async () => {
    const path = profileFile('no-code', patch);
    assert.equal(loadProfile(path).outcome.codePointer, undefined);
    const { response, signal } = await signalOf(path, { status: 404, body: { message: 'No such group' } });
    assert.equal(response.code, undefined);
    assert.equal(signal?.verdict, 'pass', signal?.reason);
    const silent = await signalOf(path, { status: 404, body: {} });
    assert.equal(silent.signal?.verdict, 'fail');
    assert.match(silent.signal?.reason ?? '', /^an error carries no error message$/);
  });
});

describe('messages as objects with a message field', () => {
  test('an array of {code, message} objects: the messages are read through messagePointer', async () => {
    const path = profileFile('object-list', { outcome: { codePointer: null, errorsPointer: '/errors', messagePointer: '/text', errorsForm: 'objects' }, envelope: null });
    const body = { errors: [{ code: 'too_small', text: 'rpp is below 1' }, { code: 'not_integer', text: 'page is not an integer' }] };
    const { response, signal } = await signalOf(path, { status: 400, body });
    assert.deepEqual(response.errors, ['rpp is below 1', 'page is not an integer']);
    assert.equal(signal?.verdict, 'pass', signal?.reason);
    const strings = await signalOf(path, { status: 400, body: { errors: ['rpp is below 1'] } });
    assert.equal(strings.signal?.verdict, 'fail');
    assert.match(strings.signal?.reason ?? '', /not in the declared form \(objects\)/);
  });

  test('one object ({"error": {"code", "message"}} with errorsPointer /error), the default messagePointer', async () => {
    const path = profileFile('one-object', { outcome: { codePointer: '/error/code', codeType: 'string', errorsPointer: '/error' }, envelope: null });
    const { response, signal } = await signalOf(path, { status: 400, body: { error: { code: 'invalid_parameter', message: 'bad rpp' } } });
    assert.deepEqual([response.code, response.errors], ['invalid_parameter', ['bad rpp']]);
    assert.equal(signal?.verdict, 'pass', signal?.reason);
  });
});

describe('an envelope schema of the parent switched off', () => {
  test('"envelope": null: a body rest\'s RestError refuses earns no envelope.shape failure', async () => {
    const body = { error: { code: 'invalid_parameter', message: 'bad rpp' } };
    const underRest = createResponseValidator(loadProfile('rest')).validateResponse('groups.search', body, 'error');
    assert.ok(underRest.issues.length > 0, 'rest refuses a string code');
    const off = profileFile('envelope-off', { outcome: { codePointer: '/error/code', codeType: 'string', errorsPointer: '/error/message' }, envelope: null });
    assert.deepEqual(loadProfile(off).envelope, {});
    const { shape } = await signalOf(off, { status: 400, body });
    assert.equal(shape?.verdict, 'pass', shape?.reason);
    const kept = profileFile('envelope-kept', { outcome: { codePointer: '/error/code', codeType: 'string', errorsPointer: '/error/message' } });
    assert.equal((await signalOf(kept, { status: 400, body })).shape?.verdict, 'fail', 'without the switch, RestError still applies');
  });

  test('one side only: {"error": null} keeps the success side', () => {
    const path = profileFile('error-side-off', { extends: 'service', envelope: { error: null } });
    assert.deepEqual(loadProfile(path).envelope, { success: 'ServiceEnvelope' });
  });
});

describe('paging without next/prev links', () => {
  test('the paging pointers removed: paging reads without links, and the walk pages by totalPages', async () => {
    const path = profileFile('no-links', { pointers: { paging: { next: null, prev: null } } });
    assert.deepEqual(loadProfile(path).pointers.paging, { page: '/page', rpp: '/perPage', totalPages: '/totalPages', totalRecords: '/total' });
    const pageOf = (n: number) => ({ items: [group(n, { dateAdded: '2024-01-02T03:04:05Z', dateModified: '2024-01-02T03:04:05Z' })], page: n, perPage: 1, totalPages: 2, total: 2 });
    nock(ORIGIN).get('/v1/groups/search').query((q) => q.page === '1').reply(200, pageOf(1));
    nock(ORIGIN).get('/v1/groups/search').query((q) => q.page === '2').reply(200, pageOf(2));
    const api = createApiClient(testTarget({ EMS_PROFILE: path }));
    const walk = await walkPages(api, 'groups.search', { rpp: 1 });
    assert.equal(walk.complete, true, walk.stoppedBecause);
    assert.deepEqual(walk.records.map((record) => record.groupID), [1, 2]);
    assert.deepEqual(walk.pages[0]?.paging, { page: 1, rpp: 1, totalPages: 2, totalRecords: 2, next: undefined, prev: undefined });
  });
});
