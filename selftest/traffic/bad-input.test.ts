/**
 * Recorded traffic that cannot be judged is refused in one line, exit 2, and nothing is written to the
 * report folder: a file that is not HAR (or not JSON), a truncated HAR, a HAR with no exchange for this
 * API, one over --max-har-bytes, a recording of a target that never answered (the proxy answered 502), one in
 * which the browser blocked every request (CORS).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { harDocument, startProxy, writeHar, type ProxiedExchange } from '../../harness/exchanges';
import { loadProfile } from '../../harness/contract';
import { conformance, scratch } from './support';

const dir = scratch();

function entry(url: string, body: unknown = { success: 1, code: 0, errors: [], data: { message: 'pong' }, requestID: 'r' }) {
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 3,
    request: { method: 'GET', url, httpVersion: 'HTTP/1.1', headers: [], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], cookies: [], content: { size: 1, mimeType: 'application/json', text: JSON.stringify(body) }, redirectURL: '', headersSize: -1, bodySize: 1 },
    cache: {},
    timings: { send: 0, wait: 3, receive: 0 },
  };
}
const har = (entries: unknown[]) => JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } });
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const goodHar = har([entry('http://ems.test/v1/helper/ping'), entry('http://ems.test/v1/groups/search?rpp=5')]);

/** Runs --har args with a report folder holding an earlier report; asserts exit 2, one line, the folder untouched. */
async function refused(args: string[], expected: RegExp): Promise<void> {
  const reports = join(dir, `reports-${Math.random().toString(36).slice(2)}`);
  mkdirSync(reports);
  writeFileSync(join(reports, 'conformance.json'), '{"earlier": true}');
  const run = await conformance(args, { EMS_REPORT_DIR: reports });
  const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
  assert.equal(run.code, 2, run.stdout + run.stderr);
  assert.equal(lines.length, 1, `one line: ${run.stderr}`);
  assert.match(lines[0]!, expected);
  assert.match(lines[0]!, /^conformance: /);
  assert.deepEqual(readdirSync(reports), ['conformance.json'], 'nothing was written to the report folder');
  assert.equal(readFileSync(join(reports, 'conformance.json'), 'utf8'), '{"earlier": true}');
}

describe('bad recorded traffic: one line, exit 2, nothing written', { timeout: 300_000 }, () => {
  test('a file that is not JSON', () => refused(['--har', file('text.har', 'hello, not json')], /is not a HAR file: not JSON/));
  test('JSON that is not HAR', () => refused(['--har', file('other.json', '{"hello": 1}')], /is not a HAR file: it has no log\.entries array/));
  test('an entry without a request URL', () => refused(['--har', file('entry.har', har([{ request: { method: 'GET' }, response: { status: 200 } }]))], /entry 0 has no request\.url/));
  test('a truncated HAR', () => refused(['--har', file('cut.har', goodHar.slice(0, Math.floor(goodHar.length / 2)))], /is truncated/));
  test('a HAR with no exchange for this API', () => refused(['--har', file('elsewhere.har', har([entry('http://cdn.test/app.js')]))], /no exchange with this API/));
  test('a HAR whose exchanges are with another base URL than --base-url', () =>
    refused(['--har', file('good.har', goodHar), '--base-url', 'http://other.test/v1'], /no exchange with http:\/\/other\.test\/v1 among 2 entries/));
  test('a HAR over --max-har-bytes (checked before it is read)', () =>
    refused(['--har', file('big.har', goodHar), '--max-har-bytes', '100'], new RegExp(`is ${Buffer.byteLength(goodHar)} bytes, over the limit of 100 bytes \\(--max-har-bytes\\)`)));
  test('a missing file', () => refused(['--har', join(dir, 'absent.har')], /cannot be read: ENOENT/));

  test('a proxy whose target is down answers 502 in one line and records a transport failure; judging that recording is refused', async () => {
    const exchanges: ProxiedExchange[] = [];
    const proxy = await startProxy({ target: 'http://127.0.0.1:1', port: 0, onExchange: (exchange) => exchanges.push(exchange) });
    try {
      const answer = await fetch(`${proxy.url}/v1/helper/ping`, { headers: { Authorization: 'Bearer C0FFEE00-1111-4222-8333-44445555AAAA' } });
      const text = await answer.text();
      assert.equal(answer.status, 502);
      assert.match(text, /^ems proxy: the target http:\/\/127\.0\.0\.1:1 did not answer: ECONNREFUSED\n$/);
    } finally {
      await proxy.close();
    }
    assert.equal(exchanges.length, 1);
    assert.equal(exchanges[0]?.status, 0);
    assert.equal(exchanges[0]?.error?.reason, 'unreachable');
    const recorded = join(dir, 'down.har');
    writeHar(recorded, harDocument(exchanges, loadProfile('service')));
    const text = readFileSync(recorded, 'utf8');
    assert.ok(!text.includes('C0FFEE00-1111-4222-8333-44445555AAAA'), 'the token is redacted on disk');
    assert.match(text, /"_error":\{"reason":"unreachable"/);
    await refused(['--har', recorded], /none of the 1 recorded exchanges with http:\/\/127\.0\.0\.1:1\/v1 got an answer \(1 unreachable, .*\): nothing to judge; http:\/\/127\.0\.0\.1:1\/v1 never answered$/);
  });

  test('should refuse a HAR in which the browser blocked every request (status 0, e.g. by CORS)', () => {
    // What a browser's recordHar keeps of a request it blocked: status 0 (or -1), no content, perhaps a failure text.
    const blocked = (url: string, failure?: string) => {
      const recorded = entry(url);
      return { ...recorded, response: { ...recorded.response, status: 0, statusText: '', content: { size: 0, mimeType: 'x-unknown' }, ...(failure ? { _failureText: failure } : {}) } };
    };
    const entries = [blocked('http://ems.test/v1/helper/ping'), blocked('http://ems.test/v1/groups/search?rpp=5', 'net::ERR_FAILED')];
    return refused(['--har', file('blocked.har', har(entries))], /none of the 2 recorded exchanges with http:\/\/ems\.test\/v1 got an answer \(2 reset, .*\): nothing to judge; record again where the requests are answered \(.*CORS\)$/);
  });
});
