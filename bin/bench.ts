/**
 * The harness's own speed: times a whole conformance run against the embedded mock (the same child
 * as `npm run conformance`), then reads what it made (requests, time per area from Playwright's
 * per-test durations, the rules that cost the most requests), and measures the harness client's
 * overhead per request against a bare node:http client on the same mock. Usage: npm run bench -- --help
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadRules, repoPath } from '../harness/contract';
import { createApiClient, type ApiClient } from '../harness/core/client';
import { resolveTarget } from '../harness/core/config';
import { Judge } from '../harness/core/judge';
import type { ConformanceReport, OperationKey } from '../harness/types';
import { embeddedMockEnv } from '../harness/core/embedded-mock-env';
import { startMock, type RunningMock } from '../mock';

const USAGE = `usage: npm run bench -- [--runs N] [--workers N] [--grep REGEX] [--requests N] [--no-run] [--json FILE]
  --runs      EMS_RUNS of the timed run (default: the harness default, 25)
  --workers   Playwright workers of the timed run (default: the harness default, 2)
  --grep      time only the tests matching REGEX
  --requests  requests per client in the overhead measurement (default 300)
  --no-run    only the overhead measurement
  --json      write every figure to FILE`;

const TARGET_WALL_S = 60;

interface AreaTime {
  area: string;
  tests: number;
  /** Sum of the tests' durations (worker time: with 2 workers about twice the wall time they took). */
  testSeconds: number;
  /** Requests of the area's tests. */
  requests: number;
}

interface RunFigures {
  wallSeconds: number;
  exitCode: number | null;
  playwrightSeconds: number;
  requests: number;
  requestsPerSecond: number;
  counts: ConformanceReport['counts'];
  areas: AreaTime[];
  topRules: { rule: string; requests: number; verdict: string }[];
  slowestTests: { title: string; seconds: number }[];
}

interface OverheadFigures {
  requests: number;
  operations: { operation: string; label: string; bareMs: number; harnessMs: number; overheadMs: number }[];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      workers: { type: 'string' },
      grep: { type: 'string' },
      requests: { type: 'string', default: '300' },
      'no-run': { type: 'boolean' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const requests = Number(values.requests);
  if (!Number.isSafeInteger(requests) || requests <= 0) throw new Error(`--requests ${values.requests}: give a whole number greater than 0`);

  let run: RunFigures | undefined;
  if (!values['no-run']) {
    run = await timeRun({ runs: values.runs, workers: values.workers, grep: values.grep });
    printRun(run);
  }
  const overhead = await measureOverhead(requests);
  printOverhead(overhead);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ run, overhead }, null, 2)}\n`);
  if (run && run.exitCode !== 0) {
    console.log(`bench: the conformance run exited with code ${run.exitCode} (a rule failed or the run broke): the figures may not be representative`);
    return 1;
  }
  return 0;
}

// ------------------------------------------------------------------ the timed run

async function timeRun(options: { runs?: string; workers?: string; grep?: string }): Promise<RunFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'ems-bench-'));
  const playwrightJson = join(folder, 'playwright.json');
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('EMS_')));
  const env: Record<string, string | undefined> = {
    ...clean,
    CI: '1',
    EMS_REPORT_DIR: join(folder, 'reports'),
    EMS_TEST_RESULTS_DIR: join(folder, 'test-results'),
    EMS_PLAYWRIGHT_JSON: playwrightJson,
    ...(options.runs ? { EMS_RUNS: options.runs } : {}),
    ...(options.workers ? { EMS_WORKERS: options.workers } : {}),
  };
  const args = ['bin/conformance.ts', ...(options.grep ? ['--grep', options.grep] : [])];
  console.log(`bench: timing tsx ${args.join(' ')} (embedded mock${options.runs ? `, EMS_RUNS=${options.runs}` : ''}${options.workers ? `, ${options.workers} workers` : ''})`);
  const started = performance.now();
  const { code, output } = await spawnQuiet(repoPath('node_modules', '.bin', 'tsx'), args, env);
  const wallSeconds = (performance.now() - started) / 1000;

  const reportFile = join(folder, 'reports', 'conformance.json');
  if (!existsSync(reportFile)) throw new Error(`the run wrote no report (exit ${code}): ${output.trim().split('\n').slice(-5).join(' | ')}`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport;
  const tests = existsSync(playwrightJson) ? listTests(JSON.parse(readFileSync(playwrightJson, 'utf8')) as PlaywrightJson) : [];
  rmSync(folder, { recursive: true, force: true });

  return {
    wallSeconds,
    exitCode: code,
    playwrightSeconds: report.durationMs / 1000,
    requests: report.requests,
    requestsPerSecond: report.requests / wallSeconds,
    counts: report.counts,
    areas: areaTimes(tests),
    topRules: topRules(tests, report),
    slowestTests: [...tests]
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 5)
      .map((test) => ({ title: test.title, seconds: test.seconds })),
  };
}

interface PlaywrightJson {
  suites?: PlaywrightSuite[];
}
interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tags?: string[]; tests?: { results?: { duration: number; annotations?: { type: string; description?: string }[] }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface TestTime {
  title: string;
  /** The rules the test declares (@rule: tags). */
  rules: string[];
  seconds: number;
  /** Requests the test made (its ems-coverage annotation). */
  requests: number;
}

function listTests(json: PlaywrightJson): TestTime[] {
  const found: TestTime[] = [];
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      const results = (spec.tests ?? []).flatMap((test) => test.results ?? []);
      const requests = results
        .flatMap((result) => result.annotations ?? [])
        .filter((annotation) => annotation.type === 'ems-coverage')
        .reduce((sum, annotation) => sum + ((JSON.parse(annotation.description ?? '{}') as { requests?: number }).requests ?? 0), 0);
      const rules = (spec.tags ?? []).filter((tag) => /^@?rule:/.test(tag)).map((tag) => tag.replace(/^@?rule:/, ''));
      found.push({ title: [...path, spec.title].join(' › '), rules, seconds: results.reduce((sum, result) => sum + result.duration, 0) / 1000, requests });
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of json.suites ?? []) walk(suite, [suite.title]);
  return found;
}

/** Each test's duration and requests count for the area most of its declared rules belong to. */
function areaTimes(tests: TestTime[]): AreaTime[] {
  const areaOf = new Map(loadRules().rules.map((rule) => [rule.id, rule.area]));
  const byArea = new Map<string, AreaTime>();
  for (const test of tests) {
    const votes = new Map<string, number>();
    for (const rule of test.rules) {
      const area = areaOf.get(rule) ?? '?';
      votes.set(area, (votes.get(area) ?? 0) + 1);
    }
    const area = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '(no rule)';
    const row = byArea.get(area) ?? { area, tests: 0, testSeconds: 0, requests: 0 };
    row.tests += 1;
    row.testSeconds += test.seconds;
    row.requests += test.requests;
    byArea.set(area, row);
  }
  return [...byArea.values()].sort((a, b) => b.testSeconds - a.testSeconds);
}

/**
 * The rules that cost the most requests: a rule's requests are those of the tests that declare it
 * (from Playwright's JSON report). Without it, the report's per-rule requests, whose schema/envelope
 * rules count every response they were judged on.
 */
function topRules(tests: TestTime[], report: ConformanceReport): RunFigures['topRules'] {
  const verdictOf = new Map(report.rules.map((rule) => [rule.id, rule.verdict]));
  const requests = new Map<string, number>();
  if (tests.length > 0) {
    for (const test of tests) for (const rule of test.rules) requests.set(rule, (requests.get(rule) ?? 0) + test.requests);
  } else {
    for (const rule of report.rules) requests.set(rule.id, rule.requests);
  }
  return [...requests]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([rule, count]) => ({ rule, requests: count, verdict: verdictOf.get(rule) ?? '?' }));
}

function spawnQuiet(command: string, args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoPath(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

// ------------------------------------------------------------------ client overhead

/** Sequential requests through a bare node:http client and through the harness client, against one mock. */
async function measureOverhead(count: number): Promise<OverheadFigures> {
  const mock = await startMock({ port: 0 });
  try {
    const target = resolveTarget(embeddedMockEnv(mock));
    // A stand-in for the judge fixture: a real Judge records the client's schema/envelope verdicts and counts requests.
    const judge = new Judge([], target);
    const api = createApiClient(target, {
      recorder: {
        request: () => judge.countRequest(),
        verdict: (verdict) => judge.record(verdict),
        transportFailure: () => undefined,
      },
    });
    const cases: { operation: OperationKey; label: string; path: string; params: Record<string, number> }[] = [
      { operation: 'helper.ping', label: 'helper/ping', path: '/helper/ping', params: {} },
      { operation: 'groups.search', label: 'groups/search rpp=20', path: '/groups/search', params: { rpp: 20 } },
      { operation: 'groups.search', label: 'groups/search rpp=250', path: '/groups/search', params: { rpp: 250 } },
      { operation: 'emails.search', label: 'emails/search rpp=250', path: '/emails/search', params: { rpp: 250 } },
    ];
    const operations: OverheadFigures['operations'] = [];
    for (const item of cases) {
      const query = new URLSearchParams(Object.entries(item.params).map(([key, value]): [string, string] => [key, String(value)])).toString();
      const url = `${mock.baseUrl}${item.path}${query ? `?${query}` : ''}`;
      const bare = () => bareGet(url, mock);
      const harness = () => harnessGet(api, item.operation, item.params);
      await repeat(bare, 20);
      await repeat(harness, 20);
      // Interleave halves so drift (GC, JIT, the mock's state) hits both alike.
      const half = Math.ceil(count / 2);
      const bareMs = ((await repeat(bare, half)) + (await repeat(bare, count - half))) / count;
      const harnessMs = ((await repeat(harness, half)) + (await repeat(harness, count - half))) / count;
      const sample = await api.call(item.operation, { params: item.params });
      const size = `${sample.records ? `${sample.records.length} records, ` : ''}${(Buffer.byteLength(JSON.stringify(sample.body)) / 1024).toFixed(1)} KB`;
      operations.push({ operation: item.operation, label: `${item.label} (${size})`, bareMs, harnessMs, overheadMs: harnessMs - bareMs });
    }
    return { requests: count, operations };
  } finally {
    await mock.close();
  }
}

async function repeat(request: () => Promise<void>, times: number): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < times; index += 1) await request();
  return performance.now() - started;
}

function bareGet(url: string, mock: RunningMock): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Authorization: `Bearer ${mock.tokens.full}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { success?: number };
        if (body.success !== 1) reject(new Error(`bare request refused: ${JSON.stringify(body).slice(0, 200)}`));
        else resolve();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function harnessGet(api: ApiClient, operation: OperationKey, params: Record<string, number>): Promise<void> {
  const response = await api.call(operation, { params });
  if (response.outcome !== 'success') throw new Error(`harness request refused: ${response.errors.join('; ')}`);
}

// ------------------------------------------------------------------ output

function printRun(run: RunFigures): void {
  const verdicts = `${run.counts.pass} pass, ${run.counts.fail} fail, ${run.counts.inconclusive} inconclusive, ${run.counts.skipped} skipped`;
  console.log('');
  table(
    ['run', ''],
    [
      ['wall time', `${run.wallSeconds.toFixed(1)} s (target < ${TARGET_WALL_S} s: ${run.wallSeconds < TARGET_WALL_S ? 'met' : 'MISSED'})`],
      ['playwright run', `${run.playwrightSeconds.toFixed(1)} s`],
      ['requests', String(run.requests)],
      ['requests/s (wall)', run.requestsPerSecond.toFixed(0)],
      ['verdicts', verdicts],
      ['exit code', String(run.exitCode)],
    ],
  );
  console.log('');
  const totalSeconds = run.areas.reduce((sum, area) => sum + area.testSeconds, 0) || 1;
  table(
    ['area', 'tests', 'test time', 'share', 'requests'],
    run.areas.map((area) => [area.area, String(area.tests), `${area.testSeconds.toFixed(1)} s`, `${((100 * area.testSeconds) / totalSeconds).toFixed(0)}%`, String(area.requests)]),
  );
  console.log('  (test time: the sum of the tests\' durations, i.e. worker time; with 2 workers about twice their wall time)');
  console.log('');
  table(['top rules by requests (of the tests declaring them)', 'requests', 'verdict'], run.topRules.map((rule) => [rule.rule, String(rule.requests), rule.verdict]));
  console.log('');
  table(['slowest tests', 'time'], run.slowestTests.map((test) => [clip(test.title, 90), `${test.seconds.toFixed(1)} s`]));
}

function printOverhead(overhead: OverheadFigures): void {
  console.log('');
  table(
    [`client overhead (${overhead.requests} sequential requests each)`, 'bare node:http', 'harness client', 'overhead'],
    overhead.operations.map((op) => [op.label, `${op.bareMs.toFixed(2)} ms`, `${op.harnessMs.toFixed(2)} ms`, `${op.overheadMs >= 0 ? '+' : ''}${op.overheadMs.toFixed(2)} ms`]),
  );
  console.log('  (bare: GET + JSON.parse; harness: request building, rate limiter, transport, profile reading, schema validation, redaction, curl, verdicts)');
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
