import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createResponseValidator, loadProfile, valueAt } from '../../harness/contract';
import type { OperationKey } from '../../harness/types';
import { startMock, type RunningMock } from '../../mock';
import { PROBLEM_TYPE_BASE, startProblemJsonAdapter } from '../../mock/problem-json-adapter';
import { startRestAdapter, type RunningRestAdapter } from '../../mock/rest-adapter';
import { MockClient, type Answer } from '../mock/client';

/** The problem-json profile and the harness's validator through it: the adapter's contract. */
const PROFILE = loadProfile('problem-json');
const validator = createResponseValidator(PROFILE);

/** A refusal: this HTTP status, application/problem+json, {type, title, status, detail}, read through the profile. */
function assertProblem(operation: OperationKey, answer: Answer, status: number, type: string): any {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.match(answer.headers.get('content-type') ?? '', /^application\/problem\+json/);
  assert.deepEqual(Object.keys(answer.body).sort(), ['detail', 'status', 'title', 'type']);
  assert.equal(answer.body.status, status);
  assert.equal(typeof answer.body.title, 'string');
  assert.equal(valueAt(answer.body, PROFILE.outcome.codePointer!), PROBLEM_TYPE_BASE + type);
  const detail = valueAt(answer.body, PROFILE.outcome.errorsPointer);
  assert.ok(typeof detail === 'string' && detail !== '', JSON.stringify(answer.body));
  assert.deepEqual(validator.validateResponse(operation, answer.body, 'error').issues, []);
  return answer.body;
}

describe('problem-json adapter: refusals are RFC 9457 problem documents', () => {
  let mock: RunningMock;
  let adapter: RunningRestAdapter;
  let client: MockClient;
  before(async () => {
    mock = await startMock({ clock: { start: '2025-06-15 12:00:00', speed: 0 }, exportDelayMs: [1000, 2000] });
    adapter = await startProblemJsonAdapter({ upstream: mock.origin });
    client = new MockClient({ ...mock, origin: adapter.origin, baseUrl: adapter.baseUrl, authUrl: adapter.authUrl });
  });
  beforeEach(() => client.reset());
  after(async () => {
    await adapter.close();
    await mock.close();
  });

  it('400, 401, 403, 404, 405, 410 with the problem type naming the mock\'s error', async () => {
    const invalid = assertProblem('groups.search', await client.get('/groups/search', { rpp: 0 }), 400, 'invalid-parameter');
    assert.equal(invalid.title, 'Invalid parameter');
    assertProblem('exports.jobStatus', await client.get('/exports/jobStatus'), 400, 'missing-parameter');
    assertProblem('helper.ping', await client.get('/helper/ping', {}, null), 401, 'missing-token');
    assertProblem('helper.ping', await client.get('/helper/ping', {}, '00000000-0000-0000-0000-000000000000'), 401, 'invalid-token');
    assertProblem('groups.search', await client.get('/groups/search', {}, 'noGroups'), 403, 'permission-denied');
    assertProblem('exports.jobStatus', await client.get('/exports/jobStatus', { jobID: 999999 }), 404, 'not-found');
    assertProblem('contacts.import', await client.get('/contacts/import'), 405, 'method-not-allowed');
    const retired = await client.call(`${adapter.authUrl}/login/oauth/applicationAccessToken`, { token: null });
    assertProblem('login.applicationAccessToken', retired, 410, 'endpoint-retired');
  });

  it('409 for a duplicate Pending export; a Failed job is a 422 problem without a job status', async () => {
    const range = mock.fixtures.failingExport as Record<string, string>;
    const { jobID } = (await client.get('/exports/emails', range)).body;
    assert.ok(Number.isInteger(jobID));
    assertProblem('exports.emails', await client.get('/exports/emails', range), 409, 'duplicate-export');
    await client.advance(3000);
    const failed = assertProblem('exports.jobStatus', await client.get('/exports/jobStatus', { jobID }), 422, 'export-failed');
    assert.equal(valueAt(failed, PROFILE.pointers.job.status), 422, 'the status member is the HTTP status, so no job status is read');
  });

  it('successes are the REST adapter\'s, byte for byte but the request ID', async () => {
    const rest = await startRestAdapter({ upstream: mock.origin });
    try {
      const restClient = new MockClient({ ...mock, origin: rest.origin, baseUrl: rest.baseUrl, authUrl: rest.authUrl });
      for (const [path, query] of [['/helper/ping', {}], ['/groups/search', { status: 'All', rpp: 2 }], ['/emails/search', { rpp: 3 }]] as const) {
        const mine = await client.get(path, query);
        const theirs = await restClient.get(path, query);
        assert.equal(mine.status, 200);
        assert.match(mine.headers.get('content-type') ?? '', /^application\/json/);
        const unlink = (body: any) => JSON.stringify(body).replaceAll(adapter.origin, '').replaceAll(rest.origin, '');
        assert.equal(unlink(mine.body), unlink(theirs.body), path);
      }
    } finally {
      await rest.close();
    }
  });

  it('keeps the envelope faults visible: code 0 leaves out type, no messages leaves out detail', async () => {
    try {
      await client.setFaults(['envelope-error-code-zero']);
      const zero = await client.get('/groups/search', { rpp: 0 });
      assert.equal(zero.status, 400);
      assert.equal(zero.body.type, undefined);
      await client.setFaults(['envelope-error-without-messages']);
      const silent = await client.get('/groups/search', { rpp: 0 });
      assert.equal(silent.body.detail, undefined);
      assert.equal(typeof silent.body.type, 'string');
    } finally {
      await client.setFaults([]);
    }
  });
});

describe('problem-json adapter: its own failures', () => {
  it('answers a 502 problem when the mock is unreachable', async () => {
    const mock = await startMock();
    const adapter = await startProblemJsonAdapter({ upstream: mock.origin });
    const headers = { Authorization: `Bearer ${mock.tokens.full}` };
    try {
      await mock.close();
      const gone = await fetch(`${adapter.baseUrl}/helper/ping`, { headers });
      assert.equal(gone.status, 502);
      assert.match(gone.headers.get('content-type') ?? '', /^application\/problem\+json/);
      const body = (await gone.json()) as any;
      assert.equal(body.status, 502);
      assert.match(body.detail, /problem-json adapter could not reach the mock/);
    } finally {
      await adapter.close();
      await mock.close().catch(() => undefined);
    }
  });
});
