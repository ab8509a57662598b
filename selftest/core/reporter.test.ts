import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { FullResult, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { ANNOTATION, type TargetAnnotation } from '../../harness/runner/annotations';
import ConformanceReporter from '../../harness/report/conformance-reporter';
import { loadRules } from '../../harness/contract';
import type { ConformanceReport, ExplorationFailure, Verdict } from '../../harness/types';
import { renderSummary } from '../../harness/report/summary';
import { renderHtml } from '../../harness/report/html/page';
import { loadReportCatalogue } from '../../harness/report/catalogue';
import { TOKENS } from './support/target';

const TARGET: TargetAnnotation = {
  baseUrl: 'http://127.0.0.1:1/v1', authUrl: 'http://127.0.0.1:1', profile: 'service', embeddedMock: false,
  allowWrites: false, faults: [], seed: 99, capabilities: ['token:noGroups'],
  // What a worker annotates for a target without writes (the reporter reads it, it derives nothing).
  unmetNeeds: { 'contacts.import.count.limits': 'needs writes: set EMS_ALLOW_WRITES=1 (--allow-writes)' },
};

interface SyntheticTest {
  title: string;
  tags: string[];
  verdicts: Verdict[];
  coverage?: { requests: number; params: Record<string, Record<string, number>> };
  contacts?: Array<{ email: string; contactID?: number }>;
  explorations?: ExplorationFailure[];
}

const v = (rule: string, verdict: Verdict['verdict'], extra: Partial<Verdict> = {}): Verdict => ({ rule, verdict, evidence: [], requests: 1, ...extra });

/** Feeds a reporter synthetic tests the way Playwright would, and returns the report it writes. */
async function report(tests: SyntheticTest[], status: FullResult['status'] = 'passed', env: Record<string, string> = {}): Promise<ConformanceReport> {
  const outputDir = mkdtempSync(join(tmpdir(), 'ems-reporter-'));
  const reporter = new ConformanceReporter({ outputDir });
  const cases = tests.map((t, i) => ({ id: `t${i}`, tags: t.tags, annotations: [], titlePath: () => ['', '', 'x.spec.ts', t.title] }) as unknown as TestCase);
  reporter.onBegin({}, { allTests: () => cases } as unknown as Suite);
  tests.forEach((t, i) => {
    const annotations = [
      { type: ANNOTATION.target, description: JSON.stringify(TARGET) },
      ...t.verdicts.map((verdict) => ({ type: ANNOTATION.verdict, description: JSON.stringify(verdict) })),
      { type: ANNOTATION.coverage, description: JSON.stringify(t.coverage ?? { requests: 0, params: {} }) },
      ...(t.contacts ? [{ type: ANNOTATION.createdContacts, description: JSON.stringify(t.contacts) }] : []),
      ...(t.explorations ?? []).map((failure) => ({ type: ANNOTATION.exploration, description: JSON.stringify(failure) })),
    ];
    reporter.onTestEnd(cases[i] as TestCase, { annotations } as unknown as TestResult);
  });
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    await reporter.onEnd({ status, startTime: new Date('2024-05-01T00:00:00Z'), duration: 1234.4 });
  } finally {
    for (const key of Object.keys(env)) if (saved[key] === undefined) delete process.env[key];
  }
  try {
    return JSON.parse(readFileSync(join(outputDir, 'conformance.json'), 'utf8')) as ConformanceReport;
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}

const rule = (r: ConformanceReport, id: string) => {
  const found = r.rules.find((x) => x.id === id);
  assert.ok(found, id);
  return found;
};

describe('conformance reporter', () => {
  test('should list the exploration\'s shortest sequence the model rejected, beside the verdicts, and say it in the summary and the HTML report', async () => {
    const failure: ExplorationFailure = {
      test: 'random sequences', seed: 3, path: '4:0', steps: ['groups/search status=All', 'import 2 contacts'], op: 'groups.search',
      evidence: { title: 'a record returned for GET {} is not allowed by status=Active' }, replay: 'npm run conformance -- --grep @exploration --seed 3 --path 4:0',
    };
    const r = await report([{ title: 'random sequences', tags: ['@exploration'], verdicts: [], explorations: [failure] }]);
    // The replay names the run's target, and the harness as this copy of it is started (the npm alias here, from the sources).
    const replay = 'npm run conformance -- --base-url http://127.0.0.1:1/v1 --grep @exploration --seed 3 --path 4:0';
    assert.deepEqual(r.explorations, [{ ...failure, replay }]);
    assert.match(renderSummary(r), /no rule of groups\.search failed/);
    const failed = await report([
      { title: 'status', tags: ['@rule:groups.search.status.filter'], verdicts: [v('groups.search.status.filter', 'fail', { evidence: [{ title: 'an archived group' }] })] },
      { title: 'random sequences', tags: ['@exploration'], verdicts: [], explorations: [failure] },
    ]);
    assert.match(renderSummary(failed), /failing rules of groups\.search: groups\.search\.status\.filter/);
    assert.match(renderHtml(failed, loadReportCatalogue()), /failing rules of groups\.search: groups\.search\.status\.filter/);
    const summary = renderSummary(r);
    assert.match(summary, /shortest sequence \(2 step\(s\)\): groups\/search status=All -> import 2 contacts/);
    assert.ok(summary.includes(`replay: ${replay}`), summary);
    const page = renderHtml(r, loadReportCatalogue());
    assert.match(page, /<h2>Stateful exploration \(1\)<\/h2>/);
    assert.match(page, /<li><code>import 2 contacts<\/code><\/li>/);
    assert.ok(page.includes(replay), 'the HTML names the replay');
    const clean = await report([{ title: 'random sequences', tags: ['@exploration'], verdicts: [] }]);
    assert.equal(clean.explorations, undefined);
    assert.doesNotMatch(renderHtml(clean, loadReportCatalogue()), /Stateful exploration/);
  });

  test('folds verdicts of every test per rule and lists the tests', async () => {
    const r = await report([
      { title: 'a', tags: ['@rule:helper.ping.accepts-token', '@rule:envelope.shape'], verdicts: [v('helper.ping.accepts-token', 'pass'), v('envelope.shape', 'pass')], coverage: { requests: 2, params: { 'groups.search': { rpp: 2 } } } },
      {
        title: 'b', tags: ['@rule:helper.ping.accepts-token'],
        verdicts: [v('helper.ping.accepts-token', 'fail', { reason: 'refused', evidence: [{ title: 'e' }], repro: 'curl x' }), v('envelope.shape', 'inconclusive', { reason: 'hm' })],
        coverage: { requests: 3, params: { 'groups.search': { rpp: 1, page: 1 } } }, contacts: [{ email: 'a@x.test' }, { email: 'a@x.test', contactID: 4 }],
      },
    ]);
    const accepts = rule(r, 'helper.ping.accepts-token');
    assert.equal(accepts.verdict, 'fail');
    assert.equal(accepts.reason, 'refused');
    // The failing test's replay against the same target, then the verdict's own request.
    assert.equal(accepts.repro, `# run the failing check again (tokens from EMS_TOKEN and friends, as for the run)
npm run conformance -- --base-url http://127.0.0.1:1/v1 --grep '@rule:helper\\.ping\\.accepts-token( |$)' --seed 99
# or the request alone
curl x`);
    assert.equal(accepts.requests, 2);
    assert.deepEqual(accepts.tests, ['x.spec.ts › a', 'x.spec.ts › b']);
    assert.equal(rule(r, 'envelope.shape').verdict, 'inconclusive');
    assert.equal(r.requests, 5);
    assert.deepEqual(r.coverage, { 'groups.search': { rpp: 3, page: 1 } });
    assert.deepEqual(r.createdContacts, [{ email: 'a@x.test', contactID: 4 }]);
    assert.equal(r.seed, 99);
    assert.equal(r.durationMs, 1234);
    assert.equal(r.startedAt, '2024-05-01T00:00:00.000Z');
    assert.equal(r.target.baseUrl, TARGET.baseUrl);
  });

  test('covers every rule of the catalogue: needs unmet, not selected, selected without a verdict', async () => {
    const r = await report([{ title: 'a', tags: ['@rule:helper.ping.accepts-token', '@rule:schema.helper.ping'], verdicts: [v('helper.ping.accepts-token', 'pass')] }]);
    const catalogueSize = loadRules().rules.length;
    assert.equal(r.rules.length, catalogueSize);
    assert.deepEqual(
      [rule(r, 'contacts.import.count.limits').verdict, rule(r, 'contacts.import.count.limits').reason],
      ['skipped', 'needs writes: set EMS_ALLOW_WRITES=1 (--allow-writes)'],
    );
    assert.deepEqual([rule(r, 'groups.search.rpp.bounds').verdict, rule(r, 'groups.search.rpp.bounds').reason], ['skipped', 'not selected in this run']);
    assert.deepEqual([rule(r, 'auth.permission.groups-search').reason], ['not selected in this run'], 'its need is met');
    assert.deepEqual([rule(r, 'contacts.import.email.required').reason], ['not selected in this run'], 'no test annotated it as unmet');
    assert.deepEqual([rule(r, 'schema.helper.ping').verdict, rule(r, 'schema.helper.ping').reason], ['inconclusive', 'no test recorded a verdict']);
    assert.equal(r.counts.pass + r.counts.fail + r.counts.inconclusive + r.counts.skipped, catalogueSize);
    assert.deepEqual(r.counts, { pass: 1, fail: 0, error: 0, inconclusive: 1, skipped: catalogueSize - 2 });
  });

  test('should count as judged only the selected rules: a side pass is not selected, a side failure stays a failure', async () => {
    const r = await report([
      {
        title: 'a', tags: ['@rule:helper.ping.accepts-token'],
        verdicts: [v('helper.ping.accepts-token', 'pass'), v('schema.helper.ping', 'pass'), v('envelope.datetime-format', 'inconclusive', { reason: 'no datetime' }), v('envelope.shape', 'fail', { reason: 'no requestID' })],
      },
    ]);
    assert.deepEqual([rule(r, 'schema.helper.ping').verdict, rule(r, 'schema.helper.ping').reason], ['skipped', 'not selected in this run (checked on the side of the selected tests: pass)']);
    assert.equal(rule(r, 'envelope.datetime-format').verdict, 'skipped');
    assert.deepEqual([rule(r, 'envelope.shape').verdict, rule(r, 'envelope.shape').reason], ['fail', 'no requestID (seen on the side of the selected tests; the rule was not selected)']);
    assert.deepEqual({ pass: r.counts.pass, fail: r.counts.fail, inconclusive: r.counts.inconclusive }, { pass: 1, fail: 1, inconclusive: 0 });
  });

  test('an interrupted run leaves selected rules unfinished', async () => {
    const r = await report([{ title: 'a', tags: ['@rule:schema.helper.ping'], verdicts: [] }], 'timedout');
    assert.equal(rule(r, 'schema.helper.ping').reason, 'unfinished: the run ended (timedout) before a test judged it');
  });

  test('redacts every token of the environment once more', async () => {
    const leak = `token ${TOKENS.EMS_TOKEN} in an error`;
    const r = await report([{ title: 'a', tags: ['@rule:helper.ping.accepts-token'], verdicts: [v('helper.ping.accepts-token', 'fail', { reason: leak })] }], 'passed', { EMS_TOKEN: TOKENS.EMS_TOKEN });
    assert.equal(rule(r, 'helper.ping.accepts-token').reason, 'token $EMS_TOKEN in an error');
  });
});
