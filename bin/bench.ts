/**
 * The harness's own speed: times a whole conformance run against the embedded mock (the same child
 * as `npm run conformance`), then reads what it made (requests, time per area and per rule, the
 * rules that cost the most requests), and measures the harness client's overhead per request against
 * a bare node:http client on the same mock. The client is wired as the Playwright fixtures wire a
 * check's (harness/core/wiring.ts). Usage: npm run bench -- --help
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRules, operationInfo, repoPath } from '../harness/contract';
import { ANNOTATION, embeddedMockEnv, newRecording, readSettings, wiredClient, workerTarget, type ApiClient, type CoverageRecord, type Target } from '../harness/core';
import { countsInWords } from '../harness/report/verdicts';
import type { ConformanceReport, OperationKey } from '../harness/types';
import { provideTarget } from '../mock/provider';
import { lastLines, runChild, stopChildrenOnSignal } from './lib/child';
import { parseFlags, positiveInteger, runMain } from './lib/cli';
import { childEnv } from './lib/env';
import { annotationsOf, listedTests, type ListedTest, type PlaywrightJson } from './lib/playwright-json';
import { clip, printTable } from './lib/table';

const USAGE = `usage: npm run bench -- [--runs N] [--workers N] [--grep REGEX] [--requests N] [--no-run] [--json FILE]
  --runs      EMS_RUNS of the timed run (default: the harness default, 25)
  --workers   Playwright workers of the timed run (default: the harness default, 2)
  --grep      time only the tests matching REGEX
  --requests  requests per client in the overhead measurement (default 300)
  --no-run    only the overhead measurement
  --json      write every figure to FILE`;

const TARGET_WALL_S = 10;

/** The operations whose overhead is measured, with the parameters of the request. */
const OVERHEAD_CASES: { operation: OperationKey; params: Record<string, number> }[] = [
  { operation: 'helper.ping', params: {} },
  { operation: 'groups.search', params: { rpp: 20 } },
  { operation: 'groups.search', params: { rpp: 250 } },
  { operation: 'emails.search', params: { rpp: 250 } },
];

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
  slowestRules: { rule: string; seconds: number }[];
  slowestTests: { title: string; seconds: number }[];
}

interface OverheadFigures {
  requests: number;
  operations: { operation: string; label: string; bareMs: number; harnessMs: number; overheadMs: number }[];
}

async function main(): Promise<number> {
  const { values } = parseFlags(
    process.argv.slice(2),
    {
      runs: { type: 'string' },
      workers: { type: 'string' },
      grep: { type: 'string' },
      requests: { type: 'string', default: '300' },
      'no-run': { type: 'boolean' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    { runs: 'N', workers: 'N', grep: 'REGEX', requests: 'N', json: 'FILE' },
  );
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const requests = positiveInteger('--requests', values.requests);
  if (values.runs !== undefined) positiveInteger('--runs', values.runs);
  if (values.workers !== undefined) positiveInteger('--workers', values.workers);

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
  try {
    const playwrightJson = join(folder, 'playwright.json');
    const env = childEnv({
      CI: '1',
      EMS_REPORT_DIR: join(folder, 'reports'),
      EMS_TEST_RESULTS_DIR: join(folder, 'test-results'),
      EMS_PLAYWRIGHT_JSON: playwrightJson,
      EMS_RUNS: options.runs,
      EMS_WORKERS: options.workers,
    });
    const args = ['bin/conformance.ts', ...(options.grep ? ['--grep', options.grep] : [])];
    console.log(`bench: timing tsx ${args.join(' ')} (embedded mock${options.runs ? `, EMS_RUNS=${options.runs}` : ''}${options.workers ? `, ${options.workers} workers` : ''})`);
    const finished = await runChild(repoPath('node_modules', '.bin', 'tsx'), args, { env });
    const reportFile = join(folder, 'reports', 'conformance.json');
    if (!existsSync(reportFile)) throw new Error(`the run wrote no report (exit ${finished.code}): ${lastLines(finished.stdout + finished.stderr, 5)}`);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport;
    const tests = existsSync(playwrightJson) ? listedTests(JSON.parse(readFileSync(playwrightJson, 'utf8')) as PlaywrightJson) : [];
    const wallSeconds = finished.wallMs / 1000;
    return {
      wallSeconds,
      exitCode: finished.code,
      playwrightSeconds: report.durationMs / 1000,
      requests: report.requests,
      requestsPerSecond: report.requests / wallSeconds,
      counts: report.counts,
      areas: areaTimes(tests),
      topRules: topRules(tests, report),
      slowestRules: [...report.rules]
        .sort((a, b) => (b.durationMs ?? 0) - (a.durationMs ?? 0))
        .slice(0, 5)
        .map((rule) => ({ rule: rule.id, seconds: (rule.durationMs ?? 0) / 1000 })),
      slowestTests: tests
        .map((test) => ({ title: test.title, seconds: testSeconds(test) }))
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 5),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const testSeconds = (test: ListedTest): number => test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
const testRequests = (test: ListedTest): number => annotationsOf<CoverageRecord>(test, ANNOTATION.coverage).reduce((sum, coverage) => sum + coverage.requests, 0);

/** Each test's duration and requests count for the area most of its declared rules belong to. */
function areaTimes(tests: ListedTest[]): AreaTime[] {
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
    row.testSeconds += testSeconds(test);
    row.requests += testRequests(test);
    byArea.set(area, row);
  }
  return [...byArea.values()].sort((a, b) => b.testSeconds - a.testSeconds);
}

/**
 * The rules that cost the most requests: a rule's requests are those of the tests that declare it
 * (from Playwright's JSON report). Without it, the report's per-rule requests, whose schema/envelope
 * rules count every response they were judged on.
 */
function topRules(tests: ListedTest[], report: ConformanceReport): RunFigures['topRules'] {
  const verdictOf = new Map(report.rules.map((rule) => [rule.id, rule.verdict]));
  const requests = new Map<string, number>();
  if (tests.length > 0) {
    for (const test of tests) for (const rule of test.rules) requests.set(rule, (requests.get(rule) ?? 0) + testRequests(test));
  } else {
    for (const rule of report.rules) requests.set(rule.id, rule.requests);
  }
  return [...requests]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([rule, count]) => ({ rule, requests: count, verdict: verdictOf.get(rule) ?? '?' }));
}

// ------------------------------------------------------------------ client overhead

/** Sequential requests through a bare node:http client and through the harness client, against one embedded mock. */
async function measureOverhead(count: number): Promise<OverheadFigures> {
  const settings = readSettings({});
  const started = await provideTarget(settings);
  try {
    const target = workerTarget(childEnv(embeddedMockEnv(started)));
    // As the fixtures wire a check's client: a judge records the client's schema/envelope verdicts and counts requests.
    const api = wiredClient(target, newRecording(target, []), 1);
    const operations: OverheadFigures['operations'] = [];
    for (const { operation, params } of OVERHEAD_CASES) {
      // The harness's own request for the operation tells the bare client where to go; it must be a success.
      const sample = await harnessCall(api, operation, params);
      const bare = () => bareGet(sample.url, target);
      const harness = async () => void (await harnessCall(api, operation, params));
      await repeat(bare, 20);
      await repeat(harness, 20);
      // Interleave halves so drift (GC, JIT, the mock's state) hits both alike.
      const half = Math.ceil(count / 2);
      const bareMs = ((await repeat(bare, half)) + (await repeat(bare, count - half))) / count;
      const harnessMs = ((await repeat(harness, half)) + (await repeat(harness, count - half))) / count;
      const query = Object.entries(params).map(([key, value]) => `${key}=${value}`).join(' ');
      const size = `${sample.records ? `${sample.records.length} records, ` : ''}${(Buffer.byteLength(JSON.stringify(sample.body)) / 1024).toFixed(1)} KB`;
      const label = `${operationInfo(operation).path.replace(/^\//, '')}${query ? ` ${query}` : ''} (${size})`;
      operations.push({ operation, label, bareMs, harnessMs, overheadMs: harnessMs - bareMs });
    }
    return { requests: count, operations };
  } finally {
    await started.close();
  }
}

async function harnessCall(api: ApiClient, operation: OperationKey, params: Record<string, number>) {
  const response = await api.call(operation, { params });
  if (response.outcome !== 'success') throw new Error(`${operation} answered ${response.outcome}: ${response.errors.join('; ') || `HTTP ${response.status}`}`);
  return response;
}

async function repeat(request: () => Promise<void>, times: number): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < times; index += 1) await request();
  return performance.now() - started;
}

/** GET + JSON.parse with the profile's auth header: what any client must do at least. */
function bareGet(url: string, target: Target): Promise<void> {
  const { header, prefix } = target.profile.auth;
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { [header]: `${prefix}${target.tokens.full}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (response.statusCode === 200) resolve();
          else reject(new Error(`bare request answered HTTP ${response.statusCode}`));
        } catch (error) {
          reject(error);
        }
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

// ------------------------------------------------------------------ output

function printRun(run: RunFigures): void {
  const verdicts = countsInWords(run.counts);
  console.log('');
  printTable(
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
  printTable(
    ['area', 'tests', 'test time', 'share', 'requests'],
    run.areas.map((area) => [area.area, String(area.tests), `${area.testSeconds.toFixed(1)} s`, `${((100 * area.testSeconds) / totalSeconds).toFixed(0)}%`, String(area.requests)]),
  );
  console.log("  (test time: the sum of the tests' durations, i.e. worker time; with 2 workers about twice their wall time)");
  console.log('');
  printTable(['top rules by requests (of the tests declaring them)', 'requests', 'verdict'], run.topRules.map((rule) => [rule.rule, String(rule.requests), rule.verdict]));
  console.log('');
  printTable(['slowest rules (durationMs in conformance.json)', 'time'], run.slowestRules.map((rule) => [rule.rule, `${rule.seconds.toFixed(1)} s`]));
  console.log('');
  printTable(['slowest tests', 'time'], run.slowestTests.map((test) => [clip(test.title, 90), `${test.seconds.toFixed(1)} s`]));
}

function printOverhead(overhead: OverheadFigures): void {
  console.log('');
  printTable(
    [`client overhead (${overhead.requests} sequential requests each)`, 'bare node:http', 'harness client', 'overhead'],
    overhead.operations.map((op) => [op.label, `${op.bareMs.toFixed(2)} ms`, `${op.harnessMs.toFixed(2)} ms`, `${op.overheadMs >= 0 ? '+' : ''}${op.overheadMs.toFixed(2)} ms`]),
  );
  console.log('  (bare: GET + JSON.parse; harness: request building, rate limiter, transport, profile reading, schema validation, redaction, curl, verdicts)');
}

stopChildrenOnSignal();
runMain('bench', main);
