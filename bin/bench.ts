/**
 * The harness's own speed, and its floor. Each of --repeat runs times a whole conformance run against the
 * embedded mock (the same child as `npm run conformance`), with a probe in every process of it
 * (bin/lib/bench-probe.ts) that records the requests sent and the harness's timers; then the floor of that
 * run: the same requests replayed by a bare keep-alive client at the same concurrency against a fresh
 * embedded mock (bin/lib/bare-replay.ts), plus the runner's start for one empty test with the same config.
 * It prints the median and spread of the runs: wall time and its phases, worker start, time per area, the
 * ten slowest rules, waiting against sending, requests per second, the floor and the ratio run / floor;
 * then the harness client's overhead per request against a bare node:http client. Usage: npm run bench -- --help
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { loadRules, operationInfo, repoPath } from '../harness/contract';
import { ANNOTATION, embeddedMockEnv, newRecording, wiredClient, workerTarget, type CoverageRecord } from '../harness/runner';
import { clip, readSettings, type Target } from '../harness/core';
import { type ApiClient } from '../harness/exchanges';
import { countsInWords } from '../harness/report/verdicts';
import type { ConformanceReport, OperationKey } from '../harness/types';
import { provideTarget } from '../mock/provider';
import type { ReplayPlan, ReplayResult } from './lib/bare-replay';
import { PROBE_DIR_VARIABLE, WAIT_KINDS, type ProbeFile, type WaitKind } from './lib/bench-probe';
import { lastLines, runChild, stopChildrenOnSignal } from './lib/child';
import { parseFlags, positiveInteger, runMain, UsageError } from './lib/cli';
import { endedChildrenCpuSeconds } from './lib/children-cpu';
import { childEnv } from './lib/env';
import { annotationsOf, listedTests, type ListedTest, type PlaywrightJson } from './lib/playwright-json';
import { spreadOf, type Spread } from './lib/spread';
import { printTable } from './lib/table';
import { sumAccounts, timeAccount, type TimeAccount } from './lib/time-accounts';
import { PHASE_WORDS, PHASES, workerStarts, type PhaseTimes } from './lib/worker-start';

const USAGE = `usage: npm run bench -- [--repeat N] [--runs N] [--workers N] [--grep REGEX] [--faults LIST] [--scale N] [--requests N] [--no-run] [--before REF] [--json FILE]
  --repeat    timed runs, each with its floor; the profile gives their median and spread (default 3)
  --runs      EMS_RUNS of the timed runs (default: the harness default, 25)
  --workers   Playwright workers of the timed runs (default: the harness default, one per core)
  --grep      time only the tests matching REGEX
  --faults    mock faults on (comma-separated, mock/faults.ts) in the timed runs and their floors: the profile of a run
              against a target that breaks rules (such a run exits 1, which the bench expects)
  --scale     also time one run per repetition against the embedded mock with N times its data (EMS_MOCK_SCALE), after
              the run at scale 1, and print both: wall and CPU time, requests, verdicts, rules decided, and the ratios
  --requests  requests per client in the overhead measurement (default 300)
  --no-run    only the overhead measurement
  --before    also time the run of git REF (a commit, tag or branch of this repository, checked out apart), one
              run of it before each timed run of this checkout, and print before and after: wall time, requests,
              verdicts, and their ratios (measured in the same session, so that the machine's load weighs on both)
  --json      write every figure to FILE`;

/** The issue's goal for the full run on a 2-core machine, quiet (median of 3). */
const TARGET_WALL_S = 8;

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

/** Where the wall time of a run went, in seconds, from the command's start to its exit. */
interface WallPhases {
  /** tsx, the command, Playwright's CLI and config, up to the start Playwright reports. */
  toPlaywright: number;
  /** Global setup (the embedded mock) and the first worker's start, up to the first test. */
  toFirstTest: number;
  /** From the first test's start to the last one's end. */
  tests: number;
  /** Teardown, reporters, the report files, exit. */
  afterTests: number;
}

interface RunFigures {
  wallSeconds: number;
  /** CPU seconds (user + system) of every process of the run, summed; undefined where /proc is not. */
  cpuSeconds?: number;
  exitCode: number | null;
  playwrightSeconds: number;
  workers: number;
  phases?: WallPhases;
  requests: number;
  requestsPerSecond: number;
  counts: ConformanceReport['counts'];
  /** The run's seed, and its rules that neither passed nor were skipped ("fail id: reason"), printed with the run. */
  seed: number;
  unsettled: string[];
  areas: AreaTime[];
  topRules: { rule: string; requests: number; verdict: string }[];
  slowestRules: { rule: string; seconds: number }[];
  /** The workers' time (summed over them): sending, waiting on the harness's timers, other. */
  workerTime: TimeAccount;
  workerProcesses: number;
}

interface FloorFigures {
  /** The run's requests replayed by a bare keep-alive client, `concurrency` at a time, on a fresh embedded mock. */
  replay: ReplayResult & { concurrency: number };
  /** The same command with one empty test (same config: the embedded mock, reporters). */
  emptyRunSeconds: number;
  seconds: number;
}

interface Repetition {
  run: RunFigures;
  floor: FloorFigures;
  ratio: number;
}

interface OverheadFigures {
  requests: number;
  operations: { operation: string; label: string; bareMs: number; harnessMs: number; overheadMs: number }[];
}

async function main(): Promise<number> {
  const { values } = parseFlags(
    process.argv.slice(2),
    {
      repeat: { type: 'string', default: '3' },
      runs: { type: 'string' },
      workers: { type: 'string' },
      grep: { type: 'string' },
      faults: { type: 'string' },
      scale: { type: 'string' },
      requests: { type: 'string', default: '300' },
      'no-run': { type: 'boolean' },
      before: { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    { repeat: 'N', runs: 'N', workers: 'N', grep: 'REGEX', faults: 'LIST', scale: 'N', requests: 'N', before: 'REF', json: 'FILE' },
  );
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const repeat = positiveInteger('--repeat', values.repeat);
  const requests = positiveInteger('--requests', values.requests);
  if (values.runs !== undefined) positiveInteger('--runs', values.runs);
  if (values.workers !== undefined) positiveInteger('--workers', values.workers);
  const scale = values.scale === undefined ? undefined : positiveInteger('--scale', values.scale);

  const repetitions: Repetition[] = [];
  const beforeRuns: BeforeRun[] = [];
  const scaledRuns: RunFigures[] = [];
  let workerStart: PhaseTimes[] = [];
  if (!values['no-run']) {
    const folder = mkdtempSync(join(tmpdir(), 'ems-bench-'));
    const before = values.before === undefined ? undefined : checkOut(values.before, join(folder, 'before'));
    try {
      const probe = bundleProbe(folder);
      // The bundle of each checkout is built before the timed runs, as a second `npm run conformance` finds it.
      for (const dir of [repoPath(), ...(before ? [before.dir] : [])]) buildRunBundle(dir);
      if (before) console.log(`bench: before each timed run, one run of ${values.before} (${before.commit.slice(0, 12)}), checked out in ${before.dir}`);
      console.log(`bench: ${repeat} timed run${repeat === 1 ? '' : 's'} of npm run conformance's command (node bin/run-bundled.mjs run) against the embedded mock${values.faults ? ` with the faults ${values.faults}` : ''}${values.runs ? ` (EMS_RUNS=${values.runs})` : ''}, each followed by its floor`);
      for (let index = 1; index <= repeat; index += 1) {
        const options = { runs: values.runs, workers: values.workers, grep: values.grep, faults: values.faults };
        if (before) {
          const earlier = await timeBeforeRun(options, join(folder, `before-${index}`), before.dir);
          beforeRuns.push(earlier);
          console.log(`  before ${index}: ${earlier.wallSeconds.toFixed(1)} s wall, ${earlier.requests} requests, exit ${earlier.exitCode}`);
        }
        const { run, recorded } = await timeRun(options, join(folder, `run-${index}`), probe);
        const floor = await measureFloor(recorded, run.workers, join(folder, `floor-${index}`), options);
        const repetition = { run, floor, ratio: run.wallSeconds / floor.seconds };
        repetitions.push(repetition);
        printRepetition(index, repetition);
        if (scale !== undefined) {
          const { run: scaled } = await timeRun({ ...options, scale: String(scale) }, join(folder, `scale-${index}`), probe);
          scaledRuns.push(scaled);
          console.log(`  scale ${scale} ${index}: ${s(scaled.wallSeconds)} wall, ${scaled.cpuSeconds === undefined ? '' : `${s(scaled.cpuSeconds)} CPU-s, `}${scaled.requests} requests, exit ${scaled.exitCode}; ${countsInWords(scaled.counts)}`);
        }
      }
      workerStart = workerStarts(repeat);
    } finally {
      if (before) removeCheckout(before.dir);
      rmSync(folder, { recursive: true, force: true });
    }
    printProfile(repetitions, workerStart);
    if (values.before) printBeforeAfter(values.before, beforeRuns, repetitions);
    if (scale !== undefined) printScaled(scale, scaledRuns, repetitions);
  }
  const overhead = await measureOverhead(requests);
  printOverhead(overhead);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ summary: summaryOf(repetitions), repetitions, workerStart, overhead, ...(values.before ? { before: { ref: values.before, runs: beforeRuns } } : {}), ...(scale !== undefined ? { scaled: { scale, runs: scaledRuns } } : {}) }, null, 2)}\n`);
  // With --faults a rule fails (exit 1): that is the run measured; any other code is a broken run.
  const expected = values.faults ? [0, 1] : [0];
  const broken = repetitions.find((repetition) => !expected.includes(repetition.run.exitCode ?? -1));
  if (broken) {
    console.log(`bench: a conformance run exited with code ${broken.run.exitCode} (a rule failed or the run broke): the figures may not be representative`);
    return 1;
  }
  return 0;
}

// ------------------------------------------------------------------ the timed run

/** The probe as one JavaScript file, for NODE_OPTIONS --import (Playwright's workers load no tsx). */
function bundleProbe(folder: string): string {
  const outfile = join(folder, 'bench-probe.mjs');
  buildSync({ entryPoints: [repoPath('bin', 'lib', 'bench-probe.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'error' });
  return outfile;
}

interface RunOptions {
  runs?: string;
  workers?: string;
  grep?: string;
  /** EMS_MOCK_FAULTS of the timed runs and of their floors' mocks. */
  faults?: string;
  /** EMS_MOCK_SCALE of a run (a large account; no floor is measured for it). */
  scale?: string;
}

/**
 * Runs the command `npm run conformance` runs (the CLI from the bundle of the sources, bin/run-bundled.mjs; in a
 * --before checkout without it, `tsx bin/conformance.ts` as that commit's npm script did), timed from outside,
 * with Playwright's JSON report and the probe.
 */
async function conformanceRun(
  options: RunOptions,
  folder: string,
  extra: Record<string, string>,
  cwd = repoPath(),
): Promise<{ wallMs: number; cpuSeconds?: number; startedAt: number; code: number | null; output: string; report?: ConformanceReport; playwright?: PlaywrightJson }> {
  const playwrightJson = join(folder, 'playwright.json');
  const reportFile = join(folder, 'reports', 'conformance.json');
  const env = childEnv({
    CI: '1',
    EMS_REPORT_DIR: join(folder, 'reports'),
    EMS_TEST_RESULTS_DIR: join(folder, 'test-results'),
    EMS_PLAYWRIGHT_JSON: playwrightJson,
    EMS_RUNS: options.runs,
    EMS_WORKERS: options.workers,
    EMS_MOCK_FAULTS: options.faults,
    EMS_MOCK_SCALE: options.scale,
    ...extra,
  });
  const grep = options.grep ? ['--grep', options.grep] : [];
  const bundled = join(cwd, 'bin', 'run-bundled.mjs');
  const [command, args] = existsSync(bundled)
    ? [process.execPath, [bundled, 'run', ...grep]]
    : [repoPath('node_modules', '.bin', 'tsx'), ['bin/conformance.ts', ...grep]];
  const startedAt = Date.now();
  const cpuBefore = endedChildrenCpuSeconds();
  const finished = await runChild(command, args, { env, cwd });
  const cpuAfter = endedChildrenCpuSeconds();
  return {
    wallMs: finished.wallMs,
    ...(cpuBefore !== undefined && cpuAfter !== undefined ? { cpuSeconds: cpuAfter - cpuBefore } : {}),
    startedAt,
    code: finished.code,
    output: finished.stdout + finished.stderr,
    ...(existsSync(reportFile) ? { report: JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport } : {}),
    ...(existsSync(playwrightJson) ? { playwright: JSON.parse(readFileSync(playwrightJson, 'utf8')) as PlaywrightJson } : {}),
  };
}

async function timeRun(options: RunOptions, folder: string, probe: string): Promise<{ run: RunFigures; recorded: ReplayPlan['requests'] }> {
  const probeDir = join(folder, 'probe');
  mkdirSync(probeDir, { recursive: true });
  const nodeOptions = [process.env.NODE_OPTIONS, `--import ${pathToFileURL(probe).href}`].filter(Boolean).join(' ');
  const finished = await conformanceRun(options, folder, { NODE_OPTIONS: nodeOptions, [PROBE_DIR_VARIABLE]: probeDir });
  const { report, playwright } = finished;
  if (!report) throw new Error(`the run wrote no report (exit ${finished.code}): ${lastLines(finished.output, 5)}`);
  const tests = playwright ? listedTests(playwright) : [];
  const origin = new URL(report.target.baseUrl).origin;
  const probes = readdirSync(probeDir).map((name) => JSON.parse(readFileSync(join(probeDir, name), 'utf8')) as ProbeFile);
  const workerProbes = probes.filter((file) => file.requests.some((request) => request.url.startsWith(origin)));
  const recorded = workerProbes
    .flatMap((file) => file.requests)
    .filter((request) => request.url.startsWith(origin))
    .sort((a, b) => a.start - b.start)
    .map(({ method, url, headers, body }) => ({ method, path: url.slice(origin.length), headers, ...(body === undefined ? {} : { body }) }));
  const wallSeconds = finished.wallMs / 1000;
  const run: RunFigures = {
    wallSeconds,
    ...(finished.cpuSeconds !== undefined ? { cpuSeconds: finished.cpuSeconds } : {}),
    exitCode: finished.code,
    playwrightSeconds: report.durationMs / 1000,
    workers: playwright?.config?.workers ?? Number(options.workers ?? availableParallelism()),
    ...(playwright ? { phases: wallPhases(playwright, finished.startedAt, finished.wallMs) } : {}),
    requests: report.requests,
    requestsPerSecond: report.requests / wallSeconds,
    counts: report.counts,
    seed: report.seed,
    unsettled: report.rules.filter((rule) => rule.verdict !== 'pass' && rule.verdict !== 'skipped').map((rule) => `${rule.verdict} ${rule.id}: ${rule.reason ?? ''}`),
    areas: areaTimes(tests),
    topRules: topRules(tests, report),
    slowestRules: [...report.rules]
      .sort((a, b) => (b.durationMs ?? 0) - (a.durationMs ?? 0))
      .slice(0, 10)
      .map((rule) => ({ rule: rule.id, seconds: (rule.durationMs ?? 0) / 1000 })),
    workerTime: sumAccounts(workerProbes.map(timeAccount)),
    workerProcesses: workerProbes.length,
  };
  return { run, recorded };
}

/** The run's wall time cut at Playwright's start, the first test's start and the last test's end. */
function wallPhases(json: PlaywrightJson, startedAt: number, wallMs: number): WallPhases | undefined {
  const playwrightStart = Date.parse(json.stats?.startTime ?? '');
  const results = listedTests(json).flatMap((test) => test.results).filter((result) => result.startTime !== undefined);
  if (Number.isNaN(playwrightStart) || results.length === 0) return undefined;
  const firstTest = Math.min(...results.map((result) => Date.parse(result.startTime!)));
  const lastEnd = Math.max(...results.map((result) => Date.parse(result.startTime!) + result.duration));
  const endedAt = startedAt + wallMs;
  return { toPlaywright: (playwrightStart - startedAt) / 1000, toFirstTest: (firstTest - playwrightStart) / 1000, tests: (lastEnd - firstTest) / 1000, afterTests: (endedAt - lastEnd) / 1000 };
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

/** Builds the checkout's run bundle if it has one and the bundle is stale (bin/run-bundled.mjs --print-dir). */
function buildRunBundle(dir: string): void {
  const launcher = join(dir, 'bin', 'run-bundled.mjs');
  if (!existsSync(launcher)) return;
  execFileSync(process.execPath, [launcher, '--print-dir'], { cwd: dir, stdio: 'ignore' });
}

// ------------------------------------------------------------------ before and after

/** One timed run of the --before checkout: what its own report says. */
interface BeforeRun {
  wallSeconds: number;
  cpuSeconds?: number;
  exitCode: number | null;
  requests: number;
  counts?: ConformanceReport['counts'];
}

/** REF checked out apart (a detached git worktree sharing this checkout's node_modules). */
function checkOut(ref: string, dir: string): { dir: string; commit: string } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoPath(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  let commit: string;
  try {
    commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  } catch {
    throw new UsageError(`--before ${ref}: no commit of this repository has that name`);
  }
  git('worktree', 'add', '--detach', dir, commit);
  symlinkSync(repoPath('node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, commit };
}

function removeCheckout(dir: string): void {
  try {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: repoPath(), stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same command in the --before checkout, timed from outside; its requests and verdicts from its own report. */
async function timeBeforeRun(options: RunOptions, folder: string, dir: string): Promise<BeforeRun> {
  const finished = await conformanceRun(options, folder, {}, dir);
  return {
    wallSeconds: finished.wallMs / 1000,
    ...(finished.cpuSeconds !== undefined ? { cpuSeconds: finished.cpuSeconds } : {}),
    exitCode: finished.code,
    requests: finished.report?.requests ?? 0,
    ...(finished.report ? { counts: finished.report.counts } : {}),
  };
}

function printBeforeAfter(ref: string, before: BeforeRun[], after: Repetition[]): void {
  if (before.length === 0) return;
  const wallBefore = spreadOf(before.map((run) => run.wallSeconds));
  const wallAfter = spreadOf(after.map((repetition) => repetition.run.wallSeconds));
  const cpuBefore = spreadOf(before.flatMap((run) => (run.cpuSeconds === undefined ? [] : [run.cpuSeconds])));
  const cpuAfter = spreadOf(after.flatMap((repetition) => (repetition.run.cpuSeconds === undefined ? [] : [repetition.run.cpuSeconds])));
  const requestsBefore = spreadOf(before.map((run) => run.requests));
  const requestsAfter = spreadOf(after.map((repetition) => repetition.run.requests));
  const verdicts = (counts?: ConformanceReport['counts']) => (counts ? countsInWords(counts) : 'no report');
  console.log('');
  printTable(
    [`before (${ref}) and after (this checkout), median of ${before.length}`, 'before', 'after', 'after / before'],
    [
      ['wall time', `${wallBefore.median.toFixed(1)} s`, `${wallAfter.median.toFixed(1)} s`, (wallAfter.median / wallBefore.median).toFixed(2)],
      ['  min – max', `${wallBefore.min.toFixed(1)} – ${wallBefore.max.toFixed(1)} s`, `${wallAfter.min.toFixed(1)} – ${wallAfter.max.toFixed(1)} s`, ''],
      ...(Number.isNaN(cpuBefore.median) || Number.isNaN(cpuAfter.median)
        ? []
        : [
            ['CPU, every process of the run (after: with the probe)', `${cpuBefore.median.toFixed(1)} s`, `${cpuAfter.median.toFixed(1)} s`, (cpuAfter.median / cpuBefore.median).toFixed(2)],
            ['  min – max', `${cpuBefore.min.toFixed(1)} – ${cpuBefore.max.toFixed(1)} s`, `${cpuAfter.min.toFixed(1)} – ${cpuAfter.max.toFixed(1)} s`, ''],
          ]),
      ['requests', String(Math.round(requestsBefore.median)), String(Math.round(requestsAfter.median)), (requestsAfter.median / Math.max(1, requestsBefore.median)).toFixed(2)],
      ['verdicts (last run)', verdicts(before.at(-1)?.counts), verdicts(after.at(-1)?.run.counts), ''],
    ],
  );
}

// ------------------------------------------------------------------ the floor

/** The run's requests replayed bare on a fresh embedded mock (in a child process, as the run's workers are), and an empty run. */
async function measureFloor(requests: ReplayPlan['requests'], concurrency: number, folder: string, options: RunOptions): Promise<FloorFigures> {
  mkdirSync(folder, { recursive: true });
  const started = await provideTarget(readSettings(options.faults ? { EMS_MOCK_FAULTS: options.faults } : {}));
  let replay: ReplayResult;
  try {
    const planFile = join(folder, 'replay.json');
    const plan: ReplayPlan = { origin: new URL(started.baseUrl).origin, concurrency, requests };
    writeFileSync(planFile, JSON.stringify(plan));
    const child = await runChild(process.execPath, ['--import', 'tsx', repoPath('bin', 'lib', 'bare-replay.ts'), planFile], { env: childEnv() });
    if (child.code !== 0) throw new Error(`the bare replay failed (exit ${child.code}): ${lastLines(child.stdout + child.stderr, 5)}`);
    replay = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as ReplayResult;
  } finally {
    await started.close();
  }
  const emptyRunSeconds = await timeEmptyRun(folder, options);
  return { replay: { ...replay, concurrency }, emptyRunSeconds, seconds: replay.wallMs / 1000 + emptyRunSeconds };
}

/**
 * The same command, config and workers with one empty test: what Playwright, the embedded mock and the reporters
 * cost before any check runs. The suite lives under the repository's git-ignored tmp/ so that it resolves
 * @playwright/test as the suites do.
 */
async function timeEmptyRun(folder: string, options: RunOptions): Promise<number> {
  mkdirSync(repoPath('tmp'), { recursive: true });
  const suites = mkdtempSync(join(repoPath('tmp'), 'bench-empty-'));
  try {
    // JavaScript, as the suites the run loads from its bundle are (so Playwright's TypeScript loader stays off: bin/lib/commands.ts).
    writeFileSync(join(suites, 'empty.spec.mjs'), "import { test } from '@playwright/test';\n\ntest('should do nothing', () => {});\n");
    const finished = await conformanceRun({ workers: options.workers }, join(folder, 'empty'), { EMS_SUITES_DIR: suites });
    if (!finished.playwright) throw new Error(`the empty run wrote no Playwright report (exit ${finished.code}): ${lastLines(finished.output, 5)}`);
    return finished.wallMs / 1000;
  } finally {
    rmSync(suites, { recursive: true, force: true });
  }
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
      await repeatRequest(bare, 20);
      await repeatRequest(harness, 20);
      // Interleave halves so drift (GC, JIT, the mock's state) hits both alike.
      const half = Math.ceil(count / 2);
      const bareMs = ((await repeatRequest(bare, half)) + (await repeatRequest(bare, count - half))) / count;
      const harnessMs = ((await repeatRequest(harness, half)) + (await repeatRequest(harness, count - half))) / count;
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

async function repeatRequest(request: () => Promise<void>, times: number): Promise<number> {
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

const s = (value: number, digits = 1) => `${value.toFixed(digits)} s`;
const range = (spread: Spread, format: (value: number) => string) => `${format(spread.min)} – ${format(spread.max)}`;

/** The headline figures of every repetition, as median and spread. */
function summaryOf(repetitions: Repetition[]) {
  const of = (pick: (repetition: Repetition) => number | undefined) => spreadOf(repetitions.map(pick).filter((value): value is number => value !== undefined));
  return {
    wallSeconds: of((r) => r.run.wallSeconds),
    cpuSeconds: of((r) => r.run.cpuSeconds),
    toPlaywrightSeconds: of((r) => r.run.phases?.toPlaywright),
    toFirstTestSeconds: of((r) => r.run.phases?.toFirstTest),
    testsSeconds: of((r) => r.run.phases?.tests),
    afterTestsSeconds: of((r) => r.run.phases?.afterTests),
    playwrightSeconds: of((r) => r.run.playwrightSeconds),
    requests: of((r) => r.run.requests),
    requestsPerSecond: of((r) => r.run.requestsPerSecond),
    replaySeconds: of((r) => r.floor.replay.wallMs / 1000),
    replayRequestsPerSecond: of((r) => r.floor.replay.requests / (r.floor.replay.wallMs / 1000)),
    emptyRunSeconds: of((r) => r.floor.emptyRunSeconds),
    floorSeconds: of((r) => r.floor.seconds),
    ratio: of((r) => r.ratio),
  };
}

function printRepetition(index: number, { run, floor, ratio }: Repetition): void {
  const replayed = `replay of ${floor.replay.requests} requests ${s(floor.replay.wallMs / 1000, 2)} + empty run ${s(floor.emptyRunSeconds)}`;
  console.log(`  run ${index}: ${s(run.wallSeconds)} wall, ${run.requests} requests, exit ${run.exitCode}; floor ${s(floor.seconds)} (${replayed}); run / floor ${ratio.toFixed(1)}`);
  // A rule that did not pass is named (with the seed to run it again), so an unexpected exit code is explained.
  if (run.unsettled.length > 0) console.log(`    seed ${run.seed}: ${run.unsettled.map((line) => clip(line, 300)).join('\n    ')}`);
}

/** Rules a run decided: every rule but the inconclusive and the skipped ones. */
const decided = (counts: ConformanceReport['counts']): number => counts.pass + counts.fail + counts.error;

/**
 * The runs at scale 1 and at scale N side by side (medians): wall and CPU time, requests, rules decided, and the
 * goal of issue 25 (at scale N at least as many rules decided, within 3 times the time).
 */
function printScaled(scale: number, scaled: RunFigures[], repetitions: Repetition[]): void {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const rows = [
    { label: 'scale 1', runs: repetitions.map((repetition) => repetition.run) },
    { label: `scale ${scale}`, runs: scaled },
  ].map(({ label, runs }) => ({
    label,
    wall: median(runs.map((run) => run.wallSeconds)),
    cpu: runs.every((run) => run.cpuSeconds !== undefined) ? median(runs.map((run) => run.cpuSeconds!)) : undefined,
    requests: median(runs.map((run) => run.requests)),
    decided: Math.min(...runs.map((run) => decided(run.counts))),
    counts: runs[0]!.counts,
  }));
  console.log(`\nscale (medians; rules decided: the fewest of the runs)`);
  printTable(['', 'wall s', 'CPU-s', 'requests', 'decided', 'verdicts of the first run'], rows.map((row) => [row.label, s(row.wall), row.cpu === undefined ? '' : s(row.cpu), String(row.requests), String(row.decided), countsInWords(row.counts)]));
  const [small, large] = rows as [(typeof rows)[number], (typeof rows)[number]];
  const cpuRatio = small.cpu && large.cpu ? `, CPU ${(large.cpu / small.cpu).toFixed(1)} x` : '';
  console.log(`scale ${scale} / scale 1: wall ${(large.wall / small.wall).toFixed(1)} x${cpuRatio}; decided ${large.decided} of ${small.decided} (goal: at least as many, within 3 x)`);
}

/** The median repetition by wall time: its tables stand for the runs. */
function medianRepetition(repetitions: Repetition[]): Repetition {
  const sorted = [...repetitions].sort((a, b) => a.run.wallSeconds - b.run.wallSeconds);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function printProfile(repetitions: Repetition[], workerStart: PhaseTimes[]): void {
  const summary = summaryOf(repetitions);
  const median = medianRepetition(repetitions);
  const { run } = median;
  const row = (label: string, spread: Spread, format: (value: number) => string): string[] => [label, format(spread.median), range(spread, format)];
  const sec = (value: number) => s(value);
  const count = (value: number) => value.toFixed(0);
  console.log('');
  printTable(
    [`profile: median of ${repetitions.length} (${run.workers} workers)`, 'median', 'min – max'],
    [
      row(`wall time (goal on this machine, quiet: <= ${TARGET_WALL_S} s)`, summary.wallSeconds, sec),
      row('  tsx, the command, Playwright CLI and config', summary.toPlaywrightSeconds, sec),
      row('  global setup (embedded mock) and worker start, to the first test', summary.toFirstTestSeconds, sec),
      row('  tests, the first start to the last end', summary.testsSeconds, sec),
      row('  after the last test (teardown, reports, exit)', summary.afterTestsSeconds, sec),
      row('Playwright run (conformance.json durationMs)', summary.playwrightSeconds, sec),
      ...(Number.isNaN(summary.cpuSeconds.median) ? [] : [row(`CPU, every process of the run, summed (${availableParallelism()} cores)`, summary.cpuSeconds, sec)]),
      row('requests', summary.requests, count),
      row('requests/s (wall)', summary.requestsPerSecond, count),
      row(`floor: the same requests, bare keep-alive client, ${run.workers} at a time`, summary.replaySeconds, (value) => s(value, 2)),
      row('  its requests/s', summary.replayRequestsPerSecond, count),
      row('floor: the runner with one empty test (same config)', summary.emptyRunSeconds, sec),
      row('floor', summary.floorSeconds, sec),
      row('run / floor', summary.ratio, (value) => value.toFixed(1)),
    ],
  );
  console.log(`  verdicts of the median run: ${countsInWords(run.counts)}`);

  if (workerStart.length > 0) {
    console.log('');
    printTable(
      [`worker start (${workerStart.length} fresh processes, ms)`, 'median', 'min – max'],
      PHASES.map((phase) => {
        const spread = spreadOf(workerStart.map((sample) => sample[phase]));
        return [PHASE_WORDS[phase], spread.median.toFixed(0), range(spread, (value) => value.toFixed(0))];
      }),
    );
  }

  console.log('');
  const time = run.workerTime;
  const share = (ms: number) => `${((100 * ms) / (time.lifeMs || 1)).toFixed(0)}%`;
  printTable(
    [`worker time of the median run (${run.workerProcesses} worker processes, summed)`, 'time', 'share'],
    [
      ['a worker process alive', s(time.lifeMs / 1000), '100%'],
      ['  sending: a request in flight', s(time.sendingMs / 1000), share(time.sendingMs)],
      ...WAIT_KINDS.map((kind: WaitKind) => [`  waiting on ${kind}, nothing in flight`, s(time.waitingMs[kind] / 1000), share(time.waitingMs[kind])]),
      ['  other: start, harness work, Playwright, idle', s(time.otherMs / 1000), share(time.otherMs)],
    ],
  );

  console.log('');
  const totalSeconds = run.areas.reduce((sum, area) => sum + area.testSeconds, 0) || 1;
  printTable(
    ['area (median run)', 'tests', 'test time', 'share', 'requests'],
    run.areas.map((area) => [area.area, String(area.tests), s(area.testSeconds), `${((100 * area.testSeconds) / totalSeconds).toFixed(0)}%`, String(area.requests)]),
  );
  console.log("  (test time: the sum of the tests' durations, i.e. worker time)");
  console.log('');
  printTable(['ten slowest rules (median run, durationMs in conformance.json)', 'time'], run.slowestRules.map((rule) => [clip(rule.rule, 70), s(rule.seconds)]));
  console.log('');
  printTable(['top rules by requests (median run, of the tests declaring them)', 'requests', 'verdict'], run.topRules.map((rule) => [rule.rule, String(rule.requests), rule.verdict]));
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
