import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { contextOf, harDocument, loadTraffic, loadTrafficFile, normalizeExchange, recordedExchange, trafficOf, writeHar } from '../../harness/exchanges';
import { testTarget, TOKENS } from '../core/support/target';

const target = testTarget();
const page = (records: unknown[], paging: Record<string, unknown>) => ({ success: 1, code: 0, errors: [], requestID: 'r1', data: { records, paging } });

describe('recordedExchange: a raw exchange read as a live answer', () => {
  test('a GET search: operation, typed parameters, paging, records, token stand-in', () => {
    const exchange = recordedExchange(
      target,
      {
        method: 'GET',
        url: `${target.baseUrl}/groups/search?rpp=10&page=abc&private=1&groupIDs=3&groupIDs=4`,
        headers: { authorization: `Bearer ${TOKENS.EMS_TOKEN}` },
        status: 200,
        responseBody: page([{ groupID: 3 }], { page: 1, rpp: 10, totalPages: 1, totalRecords: 1 }),
      },
      0,
    );
    assert.equal(exchange.op, 'groups.search');
    assert.equal(exchange.outcome, 'success');
    assert.deepEqual(exchange.params, { rpp: 10, page: 'abc', private: true, groupIDs: [3, 4] });
    assert.equal(exchange.paging?.totalRecords, 1);
    assert.deepEqual(exchange.records, [{ groupID: 3 }]);
    assert.deepEqual(exchange.token, { header: true, query: false, body: false, id: 'token#1' });
    assert.ok(!JSON.stringify(exchange).includes(TOKENS.EMS_TOKEN), 'the token is redacted');
    assert.match(exchange.curl, /Authorization: Bearer token#1/);
  });

  test('tokens in query and body are found, numbered across exchanges, and redacted everywhere', () => {
    const traffic = trafficOf(target, [
      { method: 'GET', url: `${target.baseUrl}/helper/ping?accessToken=${TOKENS.EMS_TOKEN}`, status: 200, responseBody: { success: 0, code: 1, errors: [`bad ${TOKENS.EMS_TOKEN}`], data: null } },
      { method: 'POST', url: `${target.baseUrl}/groups/search`, body: JSON.stringify({ rpp: 5, accessToken: TOKENS.EMS_TOKEN_APP }), status: 200, responseBody: page([], { page: 1, rpp: 5 }) },
    ]);
    const [ping, search] = traffic.exchanges;
    assert.deepEqual(ping?.token, { header: false, query: true, body: false, id: 'token#1' });
    assert.deepEqual(search?.token, { header: false, query: false, body: true, id: 'token#2' });
    assert.deepEqual(search?.params, { rpp: 5 });
    assert.equal(traffic.of('groups.search').length, 1);
    const text = JSON.stringify(traffic.exchanges);
    for (const token of Object.values(TOKENS)) assert.ok(!text.includes(token));
    assert.match(ping?.url ?? '', /accessToken=token%231/);
  });

  test('no answer, a gateway\'s 503, a 5xx and a binary file read as live: transport failures and a file', () => {
    const [down, gateway, enveloped, fiveHundred, file] = trafficOf(target, [
      { method: 'GET', url: `${target.baseUrl}/helper/ping`, status: 0, error: { reason: 'unreachable', detail: '(ECONNREFUSED)' } },
      { method: 'GET', url: `${target.baseUrl}/helper/ping`, status: 503, responseBody: 'busy', contentType: 'text/plain' },
      { method: 'GET', url: `${target.baseUrl}/helper/ping`, status: 503, responseBody: { success: 0, code: 1, errors: ['down for maintenance'], data: {} } },
      { method: 'GET', url: `${target.baseUrl}/helper/ping`, status: 500, responseBody: 'oops', contentType: 'text/plain' },
      { method: 'GET', url: `${target.baseUrl}/exports/getFile?fileKey=k`, status: 200, contentType: 'application/zip', responseBody: Buffer.from([0x50, 0x4b, 0xff, 0x00]) },
    ]).exchanges;
    assert.deepEqual(down?.transport, { reason: 'unreachable', detail: '(ECONNREFUSED)' });
    // A 502/503/504 without the target's envelope is a gateway's (an outage); in the envelope, or another 5xx, the target's own.
    assert.equal(gateway?.transport?.reason, 'gateway');
    assert.equal(enveloped?.transport?.reason, 'server-error');
    assert.equal(fiveHundred?.transport?.reason, 'server-error');
    assert.deepEqual([...(file?.file ?? [])], [0x50, 0x4b, 0xff, 0x00]);
  });

  test("the answer's Date header is read as live (the target's clock)", () => {
    const date = 'Mon, 23 Nov 2026 15:00:00 GMT';
    const exchange = recordedExchange(target, { method: 'GET', url: `${target.baseUrl}/helper/ping`, status: 200, responseHeaders: { date }, responseBody: { success: 1, code: 0, errors: [], data: { message: 'pong' } } }, 0);
    assert.equal(exchange.date, date);
  });

  test('a token echoed in another letter case is redacted too; the header keeps its form', () => {
    const exchange = recordedExchange(
      target,
      { method: 'GET', url: `${target.baseUrl}/helper/ping`, headers: { Authorization: `Bearer ${TOKENS.EMS_TOKEN}` }, status: 200, responseBody: { success: 0, code: 1, errors: [`unknown token ${TOKENS.EMS_TOKEN.toLowerCase()}`] } },
      0,
    );
    assert.deepEqual(exchange.errors, ['unknown token token#1']);
    assert.match(exchange.curl, /'Authorization: Bearer token#1'/);
  });

  test('a URL of another API throws', () => {
    assert.throws(() => recordedExchange(target, { method: 'GET', url: 'http://other.test/v1/helper/ping', status: 200 }, 0), /no exchange with/);
  });
});

describe('a recorded rate limit is never judged', () => {
  const context = contextOf(target);
  const ping = `${target.baseUrl}/helper/ping`;

  test('an HTTP 429 is dropped as "rate limited", whatever its body', () => {
    assert.deepEqual(normalizeExchange({ method: 'GET', url: ping, status: 429, responseBody: 'slow down' }, 0, context), { dropped: 'rate limited' });
    assert.ok(!('dropped' in normalizeExchange({ method: 'GET', url: ping, status: 200, responseBody: { success: 1, code: 0, errors: [], data: {} } }, 0, context)));
  });

  test("the profile's signal (a status or an error code) is dropped too; other errors are kept", () => {
    const limited = contextOf({ ...target, profile: { ...target.profile, rateLimit: { httpStatus: [503], errorCode: [1429] } } });
    const error = (code: number) => ({ method: 'GET', url: ping, status: 200, responseBody: { success: 0, code, errors: ['x'], data: {} } });
    assert.deepEqual(normalizeExchange({ method: 'GET', url: ping, status: 503, responseBody: '' }, 0, limited), { dropped: 'rate limited' });
    assert.deepEqual(normalizeExchange(error(1429), 0, limited), { dropped: 'rate limited' });
    assert.ok(!('dropped' in normalizeExchange(error(402), 0, limited)));
    assert.ok(!('dropped' in normalizeExchange(error(1429), 0, context)), 'without the profile field, code 1429 is an ordinary error');
  });
});

describe("a proxy's HAR keeps each token's role, never its value", () => {
  const proxied = (token: string, index: number) => ({
    method: 'GET', url: `${target.baseUrl}/helper/ping`, headers: { authorization: `Bearer ${token}` }, status: 200,
    responseBody: { success: 1, code: 0, errors: [], data: {} }, startedAt: 1_700_000_000_000 + index, durationMs: 1,
  });

  test('should name the role of each run token a request carried, and none for a token the run was not given', () => {
    const harDir = mkdtempSync(join(tmpdir(), 'ems-har-roles-'));
    try {
      const file = join(harDir, 'proxy.har');
      const tokens = { full: TOKENS.EMS_TOKEN, app: TOKENS.EMS_TOKEN_APP };
      writeHar(file, harDocument([proxied(TOKENS.EMS_TOKEN, 0), proxied(TOKENS.EMS_TOKEN_APP, 1), proxied('someone-else', 2)], target.profile, tokens));
      const text = readFileSync(file, 'utf8');
      for (const value of [TOKENS.EMS_TOKEN, TOKENS.EMS_TOKEN_APP, 'someone-else']) assert.ok(!text.includes(value), 'no token value is written');
      // Read back without the tokens (as a HAR judged elsewhere is): the roles come from the HAR alone.
      const loaded = loadTraffic({ files: [file], baseUrl: target.baseUrl, profile: target.profile, tokens: {}, maxHarBytes: 1e6, maxBodyBytes: 1e6, out: join(harDir, 'traffic.ndjson') });
      const exchanges = loadTrafficFile(loaded.path, { profile: target.profile, tokens: {} }).traffic.exchanges;
      assert.deepEqual(exchanges.map((exchange) => exchange.token.role), ['full', 'app', undefined]);
    } finally {
      rmSync(harDir, { recursive: true, force: true });
    }
  });

  test('should name no role when the proxy was given no tokens', () => {
    const document = harDocument([proxied(TOKENS.EMS_TOKEN, 0)], target.profile) as { log: { entries: { request: Record<string, unknown> }[] } };
    assert.equal(document.log.entries[0]?.request._emsTokenRole, undefined);
  });
});
