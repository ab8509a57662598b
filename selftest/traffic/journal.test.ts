/**
 * The proxy keeps everything it recorded. Each exchange is on disk once answered (the journal beside --har-out),
 * so a proxy killed with SIGKILL mid-traffic leaves a recording that `run --har` judges, holding every answer its
 * clients received; at SIGINT or SIGTERM the requests in flight are in the HAR as unfinished (status 0, no answer,
 * `_unfinished`), never as an answer of the target, and the proxy's judgement reads its HAR whatever its
 * --max-har-bytes; and a recording several times the size of the heap is written
 * and read in bounded memory (node --max-old-space-size=64): nothing holds it whole.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { scanForSecrets } from '../../harness/report/secret-scan';
import type { ConformanceReport } from '../../harness/types';
import { harDocument, HarEntries, Journal, journalPathOf, readHarFile, recordingFile, startProxy, writeHarFromJournal, type ProxiedExchange } from '../../harness/exchanges';
import { loadProfile } from '../../harness/contract';
import { startMock, TOKEN_VALUES } from '../../mock';
import { conformance, readReport, scratch } from './support';

const PONG = JSON.stringify({ success: 1, code: 0, errors: [], data: { message: 'pong' }, requestID: 'r' });

/** A target that answers helper/ping at once and holds every other request until it is closed; counts what it held. */
function startHoldingTarget(): Promise<{ url: string; held: () => number; close(): Promise<void> }> {
  const holding = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/v1/helper/ping')) {
        res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() });
        res.end(PONG);
      } else holding.add(res);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        held: () => holding.size,
        close: () =>
          new Promise((done) => {
            for (const res of holding) res.destroy();
            server.close(() => done());
            server.closeAllConnections();
          }),
      }),
    ),
  );
}

async function waitFor(what: string, condition: () => boolean, limitMs: number, output: () => string): Promise<void> {
  const until = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`${what}: not within ${limitMs} ms; output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `proxy --target T --port 0 --har-out FILE` as its own node process (group leader); its URL once it listens. */
async function startProxyCommand(target: string, harFile: string, reports: string, extra: string[] = []): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('EMS_') && !key.startsWith('npm_')));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/proxy.ts', '--target', target, '--port', '0', '--har-out', harFile, '--workers', '1', ...extra], {
    cwd: repoPath(),
    detached: true,
    env: { ...env, EMS_REPORT_DIR: reports, EMS_TEST_RESULTS_DIR: join(harFile, '..', 'test-results'), CI: '1' },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitFor('the proxy listens', () => /^proxy: http:\/\/\S+ ->/m.test(output), 60_000, () => output);
  return { child, url: /^proxy: (http:\/\/\S+) ->/m.exec(output)![1]!, output: () => output };
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // gone
  }
}

interface HarEntry {
  request: { url: string };
  response: { status: number; _error?: { reason: string; detail: string }; _unfinished?: boolean };
  comment?: string;
}

describe('the journal: what run --har reads, and a last line cut short', () => {
  const ping = (index: number): ProxiedExchange => ({
    method: 'GET', url: `http://ems.test/v1/helper/ping?n=${index}`, headers: { authorization: 'Bearer 5EC7E7A0-0000-4000-8000-00000000CAFE' },
    status: 200, contentType: 'application/json', responseBody: PONG, startedAt: 1_700_000_000_000 + index, durationMs: 1,
  });

  test('the HAR written from a journal is the HAR of the same exchanges written at once; a cut-short last line is left out', () => {
    const dir = scratch();
    const harFile = join(dir, 'proxy.har');
    const journal = new Journal(journalPathOf(harFile));
    const entries = new HarEntries(loadProfile('service'));
    const exchanges = [0, 1, 2].map(ping);
    for (const exchange of exchanges) journal.append(entries.entry(exchange));
    journal.close();
    appendFileSync(journal.path, '{"startedDateTime":"2026-01-01T00:00:00.000Z","request":{"meth');
    assert.equal(writeHarFromJournal(journal.path, harFile), 3);
    const written = JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: unknown[] } };
    assert.deepEqual(written.log.entries, harDocument(exchanges, loadProfile('service')).log.entries);
    assert.ok(!readFileSync(journal.path, 'utf8').includes('5EC7E7A0'), 'no token in the journal');
    assert.deepEqual(readHarFile(journal.path, 1e9).map((raw) => raw.url), exchanges.map((exchange) => exchange.url), 'the journal read as a recording');
    // A line cut short anywhere but at the end is no journal.
    writeFileSync(join(dir, 'broken.ndjson'), `{"request":\n${readFileSync(journal.path, 'utf8')}`);
    assert.throws(() => readHarFile(join(dir, 'broken.ndjson'), 1e9), /is not a journal of HAR entries: line 1 is not JSON/);
  });

  test('run --har FILE reads FILE.journal.ndjson when FILE is missing or older; a *.ndjson file is a journal', () => {
    const dir = scratch();
    const harFile = join(dir, 'proxy.har');
    const journal = journalPathOf(harFile);
    writeFileSync(journal, '');
    assert.deepEqual(recordingFile(harFile), { path: journal, journal: true }, 'no HAR: the journal');
    writeFileSync(harFile, '{}');
    utimesSync(journal, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    assert.deepEqual(recordingFile(harFile), { path: harFile, journal: false }, 'a HAR newer than the journal: the HAR');
    utimesSync(harFile, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    assert.deepEqual(recordingFile(harFile), { path: journal, journal: true }, 'a HAR older than the journal (a report before a kill): the journal');
    assert.deepEqual(recordingFile(join(dir, 'other.jsonl')), { path: join(dir, 'other.jsonl'), journal: true });
    assert.deepEqual(recordingFile(join(dir, 'plain.har')), { path: join(dir, 'plain.har'), journal: false });
    // A journal already there is moved aside, never overwritten.
    writeFileSync(journal, 'earlier\n');
    const next = new Journal(journal);
    next.close();
    assert.ok(next.movedAside && readFileSync(next.movedAside, 'utf8') === 'earlier\n', `moved aside: ${next.movedAside}`);
    assert.equal(readFileSync(journal, 'utf8'), '');
  });
});

describe('the proxy library ends the requests in flight as unfinished when it closes', () => {
  test('close() tells every request in flight as unfinished: status 0, a reset, no answer', async () => {
    const target = await startHoldingTarget();
    const told: ProxiedExchange[] = [];
    const proxy = await startProxy({ target: target.url, port: 0, onExchange: (exchange) => told.push(exchange) });
    try {
      assert.equal((await fetch(`${proxy.url}/v1/helper/ping`)).status, 200);
      const pending = [1, 2].map((n) => fetch(`${proxy.url}/v1/contacts/import`, { method: 'POST', body: `{"contacts":[{"email":"a${n}@example.com"}]}` }).catch(() => 'no answer'));
      await waitFor('the target holds both imports', () => target.held() === 2, 10_000, () => JSON.stringify(told));
      assert.equal(proxy.inFlight(), 2);
      await proxy.close();
      assert.deepEqual(await Promise.all(pending), ['no answer', 'no answer']);
    } finally {
      await target.close();
    }
    assert.deepEqual(told.map((exchange) => [exchange.url.replace(/^.*\/v1/, ''), exchange.status, exchange.unfinished === true]), [
      ['/helper/ping', 200, false],
      ['/contacts/import', 0, true],
      ['/contacts/import', 0, true],
    ]);
    for (const exchange of told.slice(1)) {
      assert.equal(exchange.error?.reason, 'reset');
      assert.match(exchange.error?.detail ?? '', /unfinished/);
      assert.equal(exchange.responseBody, undefined);
    }
  });
});

describe('a proxy killed with SIGKILL mid-traffic leaves a recording that run --har judges', { timeout: 600_000 }, () => {
  test('at least 99 % of the answers the clients received are judged from the journal', async () => {
    const mock = await startMock({ port: 0 });
    const dir = scratch();
    const harFile = join(dir, 'proxy.har');
    const { child, url, output } = await startProxyCommand(mock.origin, harFile, join(dir, 'reports'));
    let answered = 0;
    let killed = false;
    try {
      const headers = { Authorization: `Bearer ${mock.tokens.full}` };
      const paths = ['helper/ping', 'groups/search?rpp=5', 'emails/search?rpp=3&sortField=emailID&sortDirection=asc', `helper/ping?accessToken=${mock.tokens.noGroups}`];
      // Four clients send without pause; the proxy is killed while they do.
      const clients = [0, 1, 2, 3].map(async (client) => {
        for (let n = 0; !killed; n++) {
          try {
            const answer = await fetch(`${url}/v1/${paths[(client + n) % paths.length]}`, { headers });
            await answer.arrayBuffer();
            if (answer.status === 200 && !killed) answered++;
          } catch {
            // the proxy is gone
          }
        }
      });
      await waitFor('400 answers through the proxy', () => answered >= 400, 120_000, output);
      const before = answered;
      process.kill(child.pid!, 'SIGKILL');
      killed = true;
      await Promise.all(clients);
      assert.ok(answered >= before);
    } finally {
      killed = true;
      killGroup(child);
      await mock.close();
    }
    assert.equal(existsSync(harFile), false, 'no HAR: the proxy was killed before it could write one');
    const journal = journalPathOf(harFile);
    assert.ok(existsSync(journal), 'the journal is on disk');
    const secrets = Object.entries(TOKEN_VALUES).map(([name, value]) => ({ name, value }));
    assert.deepEqual(scanForSecrets([dir], secrets), [], 'no token in the journal');

    const judged = await conformance(['--har', harFile, '--workers', '1']);
    assert.match(judged.stdout, /reading the proxy's journal .*proxy\.har\.journal\.ndjson/);
    assert.ok([0, 1, 3].includes(judged.code ?? -1), `judged, not refused: exit ${judged.code}\n${judged.stderr}`);
    const report = readReport(judged);
    assert.equal(report.mode, 'traffic');
    const [source] = report.traffic?.sources ?? [];
    assert.equal(source?.file, 'proxy.har.journal.ndjson');
    assert.ok((source?.entries ?? 0) >= Math.ceil(answered * 0.99), `${source?.entries} entries judged of ${answered} answers received`);
    assert.ok((source?.entries ?? 0) <= answered + 4, `no more entries than answers and the 4 requests in flight: ${source?.entries} of ${answered}`);
    const decided = report.rules.filter((rule) => rule.verdict === 'pass' || rule.verdict === 'fail');
    assert.ok(decided.length > 3, 'the recording decides rules');
  });
});

describe('at SIGINT or SIGTERM the requests in flight are written as unfinished', { timeout: 600_000 }, () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    test(`${signal}: answered and unfinished exchanges in the HAR; the judgement reads the unfinished as no answer`, async () => {
      const target = await startHoldingTarget();
      const dir = scratch();
      const harFile = join(dir, 'proxy.har');
      const reports = join(dir, 'reports');
      // Under SIGTERM the proxy is also given a size limit its HAR exceeds: its own judgement must not refuse it.
      const limit = signal === 'SIGTERM' ? ['--max-har-bytes', '1000'] : [];
      const { child, url, output } = await startProxyCommand(target.url, harFile, reports, limit);
      try {
        for (let n = 0; n < 2; n++) assert.equal((await fetch(`${url}/v1/helper/ping`)).status, 200);
        const imports = [1, 2, 3].map((n) =>
          fetch(`${url}/v1/contacts/import`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"contacts":[{"email":"held${n}@example.com"}]}` }).catch(() => undefined),
        );
        await waitFor('the target holds the three imports', () => target.held() === 3, 30_000, output);
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        process.kill(child.pid!, signal);
        const code = await exited;
        await Promise.all(imports);
        assert.match(output(), /3 request\(s\) in flight recorded as unfinished/);
        const har = JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: HarEntry[] } };
        const shown = har.log.entries.map((entry) => [new URL(entry.request.url).pathname, entry.response.status, entry.response._unfinished === true]);
        assert.deepEqual(shown, [
          ['/v1/helper/ping', 200, false],
          ['/v1/helper/ping', 200, false],
          ['/v1/contacts/import', 0, true],
          ['/v1/contacts/import', 0, true],
          ['/v1/contacts/import', 0, true],
        ]);
        for (const entry of har.log.entries.slice(2)) {
          assert.equal(entry.response._error?.reason, 'reset');
          assert.match(entry.comment ?? '', /^unfinished: /);
        }
        assert.equal(existsSync(journalPathOf(harFile)), false, 'the journal is removed once the HAR holds it');
        const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as ConformanceReport;
        assert.equal(report.mode, 'traffic');
        assert.equal(report.traffic?.sources[0]?.entries, 5);
        assert.notEqual(code, 2, `the recording is judged: ${output()}`);
        if (limit.length > 0) assert.match(output(), /the HAR is \d+ bytes, over --max-har-bytes 1000: its own judgement reads it all/);
        // No answer was recorded for them: nothing the target said can fail a rule through them.
        for (const rule of report.rules.filter((r) => r.verdict === 'fail')) {
          for (const evidence of rule.evidence ?? []) assert.doesNotMatch(JSON.stringify(evidence), /held\d@example\.com/, `${rule.id} fails on an unfinished request`);
        }
      } finally {
        killGroup(child);
        await target.close();
      }
    });
  }
});

describe('a recording several times the heap is written and read in bounded memory', { timeout: 600_000 }, () => {
  test('256 MB through journal, HAR and the loader of run --har under node --max-old-space-size=64', () => {
    const dir = scratch();
    const run = spawnSync(process.execPath, ['--max-old-space-size=64', '--import', 'tsx', 'selftest/traffic/bounded-recording.ts', dir, '256'], { cwd: repoPath(), encoding: 'utf8', timeout: 540_000 });
    assert.equal(run.status, 0, `${run.stderr.slice(-2000)}`);
    const figures = JSON.parse(run.stdout.trim().split('\n').pop()!) as Record<string, number | boolean>;
    assert.ok((figures.harBytes as number) > 4 * 64 * 1024 * 1024, `the HAR is more than 4 times the heap: ${figures.harBytes}`);
    assert.equal(figures.harEntries, figures.written);
    assert.equal(figures.read, figures.written);
    assert.equal(figures.loaded, figures.written);
    assert.equal(figures.tokenSeen, false, 'the token was redacted in the journal');
    assert.ok((figures.peakHeapBytes as number) < 64 * 1024 * 1024);
  });
});
