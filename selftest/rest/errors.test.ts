import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { valueAt } from '../../harness/contract';
import { startMock } from '../../mock';
import { ErrorCode } from '../../mock/errors';
import { startRestAdapter } from '../../mock/rest-adapter';
import { assertRestError, REST, RestRig } from './rig';

/** Every kind of refusal: HTTP 4xx with {"error": {"code", "messages"}}, the mock's code kept in the body. */
describe('REST adapter: errors', () => {
  let rig: RestRig;
  before(async () => (rig = await RestRig.start()));
  beforeEach(() => rig.rest.reset());
  after(() => rig.close());

  it('400 for a bad, missing or malformed parameter', async () => {
    assertRestError('groups.search', await rig.rest.get('/groups/search', { rpp: 0 }), 400, ErrorCode.invalidParameter);
    assertRestError('emails.search', await rig.rest.get('/emails/search', { deliveryType: 'carrier-pigeon' }), 400, ErrorCode.invalidParameter);
    assertRestError('exports.jobStatus', await rig.rest.get('/exports/jobStatus'), 400, ErrorCode.missingParameter);
    assertRestError('exports.emails', await rig.rest.get('/exports/emails', { startDate: '2025-01-01' }), 400, ErrorCode.missingParameter);
    assertRestError('groups.search', await rig.rest.call('/groups/search', { method: 'POST', rawBody: '{"rpp": ' }), 400, ErrorCode.malformedBody);
    assertRestError('contacts.import', await rig.rest.importContacts({ contacts: [] }), 400, ErrorCode.invalidParameter);
  });

  it('401 for no token, an unknown token, or a token outside the Authorization header', async () => {
    for (const path of ['/helper/ping', '/groups/search', '/emails/search', '/exports/getFile']) {
      assertRestError('helper.ping', await rig.rest.get(path, {}, null), 401, ErrorCode.missingToken);
      assertRestError('helper.ping', await rig.rest.get(path, {}, '00000000-0000-0000-0000-000000000000'), 401, ErrorCode.invalidToken);
    }
    assertRestError('groups.search', await rig.rest.get('/groups/search', { accessToken: rig.mock.tokens.full }, null), 401, ErrorCode.tokenOutsideHeader);
    assertRestError('emails.search', await rig.rest.post('/emails/search', { accessToken: rig.mock.tokens.full }, null), 401, ErrorCode.tokenOutsideHeader);
  });

  it('403 for a token lacking the operation\'s permission', async () => {
    assertRestError('groups.search', await rig.rest.get('/groups/search', {}, 'noGroups'), 403, ErrorCode.permissionDenied);
    assertRestError('contacts.import', await rig.rest.importContacts({ contacts: [{ email: 'refused@example.com' }] }, 'noImport'), 403, ErrorCode.permissionDenied);
  });

  it('404 for an unknown path, jobID or fileKey', async () => {
    assertRestError('helper.ping', await rig.rest.get('/no/such/operation'), 404, ErrorCode.unknownOperation);
    assertRestError('helper.ping', await rig.rest.call(`${rig.adapter.origin}/v2/helper/ping`), 404, ErrorCode.unknownOperation);
    assertRestError('exports.jobStatus', await rig.rest.get('/exports/jobStatus', { jobID: 999999 }), 404, ErrorCode.notFound);
    assertRestError('exports.getFile', await rig.rest.get('/exports/getFile', { fileKey: 'B1D6A3C2-0000-4000-8000-000000000000' }), 404, ErrorCode.notFound);
  });

  it('405 for a method the operation does not take', async () => {
    assertRestError('helper.ping', await rig.rest.call('/helper/ping', { method: 'DELETE' }), 405, ErrorCode.methodNotAllowed);
    assertRestError('contacts.import', await rig.rest.call('/contacts/import', { method: 'GET' }), 405, ErrorCode.methodNotAllowed);
    assertRestError('groups.search', await rig.rest.call('/groups/search', { method: 'DELETE' }), 405, ErrorCode.methodNotAllowed);
  });

  it('409 for a duplicate of a Pending export; 422 with "status": "Failed" for a failed job', async () => {
    const { jobID } = (await rig.rest.get('/exports/emails', rig.mock.fixtures.failingExport as Record<string, string>)).body;
    assert.ok(Number.isInteger(jobID));
    assertRestError('exports.emails', await rig.rest.get('/exports/emails', rig.mock.fixtures.failingExport as Record<string, string>), 409, ErrorCode.duplicateExport);
    await rig.rest.advance(3000);
    const failed = assertRestError('exports.jobStatus', await rig.rest.get('/exports/jobStatus', { jobID }), 422, ErrorCode.exportFailed);
    assert.equal(valueAt(failed, REST.pointers.job.status), REST.jobStatuses.failed);
  });

  it('410 from the retired Application-Only token endpoint, for any method', async () => {
    for (const method of ['GET', 'POST']) {
      const answer = await rig.rest.call(`${rig.adapter.authUrl}/login/oauth/applicationAccessToken`, { method, token: null });
      assertRestError('login.applicationAccessToken', answer, 410, ErrorCode.endpointRetired);
    }
  });

  it('the mock\'s controls pass through unchanged (loopback callers)', async () => {
    assert.deepEqual(await rig.rest.admin('GET', 'faults'), { status: 200, body: { faults: [] } });
    assert.equal((await rig.rest.admin('POST', 'faults', { faults: ['no-such-fault'] })).status, 400);
  });
});

describe('REST adapter: limits and the mock\'s faults', () => {
  let rig: RestRig;
  before(async () => (rig = await RestRig.start({ bodyLimitBytes: 2000 })));
  after(() => rig.close());

  it('413 for a body over the mock\'s limit, streamed through without being kept', async () => {
    const contacts = Array.from({ length: 200 }, (_, index) => ({ email: `big.${index}@example.com` }));
    assertRestError('contacts.import', await rig.rest.importContacts({ contacts }), 413, ErrorCode.bodyTooLarge);
  });

  it('keeps the envelope faults visible: an error without messages, an error with code 0, a Failed job as a success', async () => {
    try {
      await rig.rest.setFaults(['envelope-error-without-messages']);
      const silent = await rig.rest.get('/groups/search', { rpp: 0 });
      assert.equal(silent.status, 400);
      assert.deepEqual(silent.body.error.messages, []);
      await rig.rest.setFaults(['envelope-error-code-zero']);
      const zero = await rig.rest.get('/groups/search', { rpp: 0 });
      assert.deepEqual([zero.status, zero.body.error.code], [400, 0]);
      await rig.rest.setFaults(['exports-failed-as-success']);
      const { jobID } = (await rig.rest.get('/exports/emails', rig.mock.fixtures.failingExport as Record<string, string>)).body;
      await rig.rest.advance(3000);
      const failed = await rig.rest.get('/exports/jobStatus', { jobID });
      assert.deepEqual([failed.status, failed.body], [200, { status: 'Failed' }]);
    } finally {
      await rig.rest.setFaults([]);
    }
  });
});

describe('REST adapter: its own failures', () => {
  it('answers 502 when the mock is unreachable, and when a JSON answer is longer than it translates', async () => {
    const mock = await startMock();
    const small = await startRestAdapter({ upstream: mock.origin, maxJsonBytes: 1000 });
    const headers = { Authorization: `Bearer ${mock.tokens.full}` };
    try {
      assert.equal((await fetch(`${small.baseUrl}/helper/ping`, { headers })).status, 200);
      const long = await fetch(`${small.baseUrl}/groups/search?rpp=250&status=All`, { headers });
      assert.equal(long.status, 502);
      assert.equal(((await long.json()) as any).error.code, 502);
      await mock.close();
      const gone = await fetch(`${small.baseUrl}/helper/ping`, { headers });
      assert.equal(gone.status, 502);
      assert.match(((await gone.json()) as any).error.messages[0], /could not reach the mock/);
    } finally {
      await small.close();
      await mock.close().catch(() => undefined);
    }
  });
});
