/**
 * Stable or flaky, against a real target: the replay phase (bin/lib/replay-failures.ts) runs a failing rule's test
 * again, isolated, against one mock that lives across the replays. Under an intermittent fault (helper/ping answers
 * data {} to one ping in three) the failure is labelled flaky; under the deterministic one, stable. The report
 * replayed is made by hand (the failing rule is what a run would have left); the replays are real Playwright runs.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayFailures, replayOutcome, resultsIn } from '../../bin/lib/replay-failures';
import { ANNOTATION } from '../../harness/runner';
import type { ConformanceReport } from '../../harness/types';
import { startMock, type RunningMock } from '../../mock';
import { countVerdicts, rule, sampleReport } from '../report/fixtures/sample-report';

let mock: RunningMock;
before(async () => {
  mock = await startMock({ port: 0 });
});
after(async () => {
  await mock?.close();
});

function failingPing(): ConformanceReport {
  const rules = [rule('schema.helper.ping', 'helper.ping', 'fail', { reason: '/data/message: expected required: message' })];
  const base = sampleReport();
  return { ...base, mode: 'active', seed: 11, rules, counts: countVerdicts(rules), target: { ...base.target, baseUrl: mock.baseUrl, authUrl: mock.authUrl, embeddedMock: false, faults: [] } };
}

function targetEnv(): Record<string, string | undefined> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('EMS_')));
  return {
    ...clean,
    EMS_BASE_URL: mock.baseUrl,
    EMS_AUTH_URL: mock.authUrl,
    EMS_TOKEN: mock.tokens.full,
    EMS_TOKEN_NO_GROUPS: mock.tokens.noGroups,
    EMS_TOKEN_NO_IMPORT: mock.tokens.noImport,
    EMS_TOKEN_APP: mock.tokens.app,
    EMS_MAX_RPS: '1000',
    EMS_WORKERS: '1',
    EMS_RUN_STARTED_AT: String(Date.now()),
  };
}

test('a fault that bites one ping in three: the failure is labelled flaky 1/3', { timeout: 180_000 }, async () => {
  mock.setFaults(['ping-data-empty-every-third']);
  const replayed = await replayFailures(failingPing(), { env: targetEnv(), replays: 3, deadline: Date.now() + 150_000, newSeed: () => 5 });
  const outcome = replayed.rules[0]!.replays;
  assert.ok(outcome, 'the failing rule carries its replay outcome');
  assert.equal(outcome.label, 'flaky', JSON.stringify(outcome));
  assert.equal(outcome.replays, 3);
  assert.ok(outcome.reproduced >= 1 && outcome.reproduced <= 2, JSON.stringify(outcome));
  assert.equal(replayed.rules[0]!.verdict, 'fail', 'the label changes no verdict');
});

test('a deterministic fault: the failure is labelled stable 3/3, and fails with a new seed too', { timeout: 180_000 }, async () => {
  mock.setFaults(['ping-data-empty']);
  const replayed = await replayFailures(failingPing(), { env: targetEnv(), replays: 3, deadline: Date.now() + 150_000, newSeed: () => 5 });
  assert.deepEqual(replayed.rules[0]!.replays, { label: 'stable', reproduced: 3, replays: 3, newSeeds: { runs: 1, failed: 1 } });
});

test('labels from replay results: unjudged replays count for nothing, a deadline leaves the rest unrun', () => {
  assert.equal(replayOutcome(['fail', 'fail', 'fail'], [], 3).label, 'stable');
  assert.deepEqual(replayOutcome(['fail', 'pass', 'unjudged'], ['pass'], 3), {
    label: 'flaky', reproduced: 1, replays: 2, newSeeds: { runs: 1, failed: 0 }, note: '1 replay(s) could not judge the rule',
  });
  assert.equal(replayOutcome(['pass', 'pass', 'pass'], [], 3).label, 'not reproduced');
  const none = replayOutcome([], [], 3);
  assert.equal(none.label, 'not replayed');
  assert.match(none.note ?? '', /3 of 3 replays not run/);
});

test('a clean run replays nothing, and a traffic run is not replayed', async () => {
  const clean = { ...failingPing(), rules: [rule('schema.helper.ping', 'helper.ping', 'pass')] };
  const started = Date.now();
  assert.equal(await replayFailures(clean, { env: {}, replays: 3, deadline: Date.now() + 1000 }), clean);
  assert.ok(Date.now() - started < 100, 'no Playwright run on a clean run');
  const traffic = await replayFailures({ ...failingPing(), mode: 'traffic' }, { env: {}, replays: 3, deadline: Date.now() + 1000 });
  assert.equal(traffic.rules[0]!.replays?.label, 'not replayed');
});

test('a replay that hit an outage judged nothing: neither reproduced nor not, whatever else it passed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ems-replay-json-'));
  try {
    const verdict = (v: Record<string, unknown>) => ({ type: ANNOTATION.verdict, description: JSON.stringify({ rule: 'schema.helper.ping', evidence: [], requests: 0, ...v }) });
    const outage = { verdict: 'inconclusive', reason: 'transport: reset (ECONNRESET) on GET /helper/ping', transportFailure: 'reset' };
    const runs = [
      [verdict({ verdict: 'fail', reason: 'a deviation' })],
      [verdict({ verdict: 'pass' }), verdict(outage)],
      [verdict({ verdict: 'pass' })],
      [verdict({ verdict: 'fail', reason: 'transport: not-json (HTTP 200) on GET /helper/ping', transportFailure: 'not-json' })],
    ];
    const json = { config: { rootDir: dir }, suites: [{ title: 'helper-ping.spec.ts', file: 'helper-ping.spec.ts', specs: [{ title: 'ping', tags: ['@rule:schema.helper.ping'], tests: [{ results: runs.map((annotations) => ({ duration: 1, status: 'passed', annotations })) }] }] }] };
    const file = join(dir, 'playwright.json');
    writeFileSync(file, JSON.stringify(json));
    // An unreadable answer of the target's is still a reproduction; an outage is none.
    assert.deepEqual(resultsIn(file, ['schema.helper.ping']).get('schema.helper.ping'), ['fail', 'unjudged', 'pass', 'fail']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
