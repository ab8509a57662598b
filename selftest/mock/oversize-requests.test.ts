import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startMock, type RunningMock } from '../../mock';
import { ErrorCode } from '../../mock/errors';
import { PROBLEM_JSON_TYPE, startProblemJsonAdapter } from '../../mock/problem-json-adapter';
import { startRestAdapter, type RunningRestAdapter } from '../../mock/rest-adapter';

/**
 * A request line or headers longer than the server reads, and a body longer than the mock accepts (or one
 * that never ends), are answered at once with the refusal of the convention served: the service's error
 * envelope from the mock, HTTP 431 in the REST and problem-json conventions. Node alone answers a bare 431
 * (or nothing at all for a body that never ends).
 */
const HUGE = 'x'.repeat(20_000);

function assertEnvelopeError(body: any, code: number): void {
  assert.equal(body.success, 0, JSON.stringify(body));
  assert.equal(body.code, code);
  assert.ok(Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every((error: unknown) => typeof error === 'string'));
  assert.deepEqual(body.data, {});
  assert.equal(typeof body.requestID, 'string');
}

describe('mock: oversize requests', () => {
  let mock: RunningMock;
  let rest: RunningRestAdapter;
  let problemJson: RunningRestAdapter;
  let authorization: Record<string, string>;
  before(async () => {
    mock = await startMock({ bodyLimitBytes: 100_000 });
    rest = await startRestAdapter({ upstream: mock.origin });
    problemJson = await startProblemJsonAdapter({ upstream: mock.origin });
    authorization = { Authorization: `Bearer ${mock.tokens.full}` };
  });
  after(async () => {
    await rest.close();
    await problemJson.close();
    await mock.close();
  });

  const heads = (baseUrl: string): [string, string, RequestInit][] => [
    ['a long URL', `${baseUrl}/emails/search?title=${HUGE}`, { headers: authorization }],
    ['a long header', `${baseUrl}/emails/search`, { headers: { ...authorization, 'X-Padding': HUGE } }],
  ];

  it('the mock answers an oversize head with HTTP 200 and the error envelope, and serves on', async () => {
    for (const [what, url, init] of heads(mock.baseUrl)) {
      const answer = await fetch(url, init);
      assert.equal(answer.status, 200, what);
      assert.match(answer.headers.get('content-type') ?? '', /^application\/json/, what);
      assertEnvelopeError(await answer.json(), ErrorCode.headTooLarge);
    }
    const ping = await fetch(`${mock.baseUrl}/helper/ping`, { headers: authorization });
    assert.equal(((await ping.json()) as { success: number }).success, 1);
  });

  it('the REST and problem-json adapters answer it with HTTP 431 in their conventions', async () => {
    for (const [what, url, init] of heads(rest.baseUrl)) {
      const answer = await fetch(url, init);
      assert.equal(answer.status, 431, what);
      assert.equal(((await answer.json()) as any).error.code, ErrorCode.headTooLarge, what);
    }
    for (const [what, url, init] of heads(problemJson.baseUrl)) {
      const answer = await fetch(url, init);
      assert.equal(answer.status, 431, what);
      assert.equal(answer.headers.get('content-type'), PROBLEM_JSON_TYPE, what);
      const problem = (await answer.json()) as any;
      assert.equal(problem.status, 431, what);
      assert.match(problem.type, /head-too-large$/, what);
    }
  });

  it('a body past the limit is refused at once, even one that never ends', async () => {
    const declared = await fetch(`${mock.baseUrl}/contacts/import`, { method: 'POST', headers: { ...authorization, 'Content-Type': 'application/json' }, body: ' '.repeat(200_000) });
    assertEnvelopeError(await declared.json(), ErrorCode.bodyTooLarge);

    const throughRest = await fetch(`${rest.baseUrl}/contacts/import`, { method: 'POST', headers: { ...authorization, 'Content-Type': 'application/json' }, body: ' '.repeat(200_000), signal: AbortSignal.timeout(10_000) });
    assert.equal(throughRest.status, 413);
    assert.equal(((await throughRest.json()) as any).error.code, ErrorCode.bodyTooLarge);

    const endless = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        controller.enqueue(new Uint8Array(16 * 1024).fill(32));
      },
    });
    const started = performance.now();
    const answer = await fetch(`${mock.baseUrl}/contacts/import`, { method: 'POST', headers: { ...authorization, 'Content-Type': 'application/json' }, body: endless, duplex: 'half', signal: AbortSignal.timeout(10_000) } as RequestInit);
    const took = performance.now() - started;
    assert.equal(answer.status, 200);
    assertEnvelopeError(await answer.json(), ErrorCode.bodyTooLarge);
    assert.ok(took < 10_000, `answered after ${took} ms`);
  });
});
