/**
 * The fault matrix: proves every check can fail. For each named mock fault, runs the tests of the
 * fault's area against the mock with that fault on and checks that the fault's rule is `fail` and
 * that no rule outside the area turns `fail` or `inconclusive` compared with a clean run of the same
 * selection; runs every suite once against the clean mock and checks that no rule fails and none is
 * inconclusive. Each matrix worker owns one mock (faults switched at runtime, data reset between
 * runs) that Playwright uses as its embedded mock. Usage: npm run selfcheck -- --help
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadRules, repoPath } from '../harness/contract';
import type { ConformanceReport, VerdictKind } from '../harness/types';
import { embeddedMockEnv } from '../harness/core/embedded-mock-env';
import { FAULTS, startMock, type Fault, type RunningMock } from '../mock';

const USAGE = `usage: npm run selfcheck -- [--area AREA]... [--fault NAME]... [--workers N] [--runs N] [--seed N]
                           [--export-budget-s N] [--export-delay-ms MIN,MAX] [--json FILE] [--keep]
  --area      only the faults of this rule area (repeatable): ${[...new Set(loadRules().rules.map((rule) => rule.area))].join(', ')}
  --fault     only this fault (repeatable; mock/faults.ts, npm run mock -- --list-faults)
  --workers   matrix workers, each with its own mock and one Playwright worker (default 2)
  --runs      EMS_RUNS for every run (default 8); --seed  EMS_SEED for every run (default 1)
  --export-budget-s  EMS_EXPORT_BUDGET_S for every run (default 6)
  --export-delay-ms  how long the matrix mocks keep an export job Pending (default 1000,2000: the embedded mock's)
  --json      write the results to FILE;  --keep  keep the runs' report folders
Without --area/--fault the clean run covers every suite; with them, the clean check is the area baselines.
Exit: 0 every fault caught without over-report and the clean run clean, 1 otherwise, 2 usage.`;

type Status = 'caught' | 'missed' | 'over-reported' | 'error';

interface Change {
  rule: string;
  before: VerdictKind;
  after: VerdictKind;
}

interface FaultResult {
  fault: string;
  rule: string;
  area: string;
  status: Status;
  /** The fault rule's verdict and reason in the faulty run. */
  verdict?: VerdictKind;
  reason?: string;
  /** Rules outside the area that turned fail or inconclusive. */
  overReported: Change[];
  /** Same-area collateral: other rules of the fault's area that changed verdict (printed as a note). */
  notes: Change[];
  /** Outside rules that changed harmlessly (judged on the side or no longer: pass <-> skipped); JSON only. */
  sideChanges: Change[];
  durationMs: number;
}

interface RunOutcome {
  report?: ConformanceReport;
  error?: string;
  durationMs: number;
}

interface CleanResult {
  scope: string;
  ok: boolean;
  problems: { rule: string; verdict: VerdictKind; reason?: string }[];
  error?: string;
  durationMs: number;
}

class UsageError extends Error {}

const RUN_WALL_LIMIT_S = 240;
const catalogue = loadRules();
const areaOf = new Map(catalogue.rules.map((rule) => [rule.id, rule.area]));
const areas = [...new Set(catalogue.rules.map((rule) => rule.area))];
const rulesOfArea = (area: string) => catalogue.rules.filter((rule) => rule.area === area).map((rule) => rule.id);
const children = new Set<ChildProcess>();

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      area: { type: 'string', multiple: true },
      fault: { type: 'string', multiple: true },
      workers: { type: 'string', default: '2' },
      runs: { type: 'string', default: '8' },
      seed: { type: 'string', default: '1' },
      'export-budget-s': { type: 'string', default: '6' },
      'export-delay-ms': { type: 'string', default: '1000,2000' },
      json: { type: 'string' },
      keep: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const workers = positiveInteger('--workers', values.workers);
  const runs = positiveInteger('--runs', values.runs);
  const seed = positiveInteger('--seed', values.seed);
  const exportBudgetS = positiveInteger('--export-budget-s', values['export-budget-s']);
  const exportDelayMs = delayRange(values['export-delay-ms']);
  for (const area of values.area ?? []) if (!areas.includes(area)) throw new UsageError(`--area ${area}: unknown area; areas are ${areas.join(', ')}`);
  const known = new Map(FAULTS.map((fault) => [fault.name, fault]));
  for (const name of values.fault ?? []) if (!known.has(name)) throw new UsageError(`--fault ${name}: unknown fault (npm run mock -- --list-faults)`);
  const filtered = Boolean(values.area?.length || values.fault?.length);
  const faults = FAULTS.filter(
    (fault) =>
      !filtered || values.area?.includes(areaOf.get(fault.rule) ?? '') || values.fault?.includes(fault.name),
  );
  const faultAreas = [...new Set(faults.map((fault) => areaOf.get(fault.rule) ?? '?'))];

  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), 'ems-selfcheck-'));
  const filesOf = await listTestFiles(scratch);
  console.log(
    `selfcheck: ${faults.length} faults in ${faultAreas.length} areas, ${workers} workers, EMS_RUNS=${runs}, EMS_SEED=${seed}` +
      `; tests found for ${filesOf.size ? [...filesOf.keys()].join(', ') : 'no area'}`,
  );

  const mocks = await Promise.all(Array.from({ length: workers }, () => startMock({ port: 0, exportDelayMs })));
  const pool = new WorkerPool(
    mocks.map((mock, index) => new MatrixWorker(mock, join(scratch, `w${index + 1}`), { runs, seed, exportBudgetS })),
  );

  // Queue order: the long clean run first, then every area baseline, then the faults, their areas
  // interleaved so that a worker waiting on export jobs runs beside one that computes. A fault
  // starts once its area's baseline is done.
  const clean = filtered ? undefined : pool.submit((worker) => worker.run([], undefined));
  const baselines = new Map<string, Promise<RunOutcome>>();
  for (const area of faultAreas) {
    const files = filesOf.get(area);
    if (files) baselines.set(area, pool.submit((worker) => worker.run([], areaGrep(area), files)));
  }
  const results = new Map<string, Promise<FaultResult>>();
  for (const fault of interleaveByArea(faults)) {
    const area = areaOf.get(fault.rule) ?? '?';
    const baseline = baselines.get(area);
    const files = filesOf.get(area);
    if (!baseline || !files) {
      results.set(fault.name, Promise.resolve(print(noTests(fault, area))));
      continue;
    }
    const result = pool.submit(
      async (worker) => print(judgeFault(fault, area, await baseline, await worker.run([fault.name], areaGrep(area), files))),
      baseline,
    );
    results.set(fault.name, result);
  }

  const faultResults = await Promise.all(faults.map((fault) => results.get(fault.name)!));
  const cleanResult = clean
    ? cleanCheck('every suite', await clean)
    : cleanOfBaselines(await Promise.all([...baselines].map(async ([area, run]) => [area, await run] as const)));
  await Promise.all(mocks.map((mock) => mock.close()));
  if (!values.keep) rmSync(scratch, { recursive: true, force: true });

  console.log('');
  console.log(cleanLine(cleanResult));
  for (const problem of cleanResult.problems) console.log(`    ${problem.rule}: ${problem.verdict}${problem.reason ? ` (${problem.reason})` : ''}`);
  printAreaTable(faultResults);
  const passed = faultResults.filter((result) => result.status === 'caught').length + (cleanResult.ok ? 1 : 0);
  const failed = faultResults.length + 1 - passed;
  const durationMs = Date.now() - started;
  console.log(`matrix time ${(durationMs / 1000).toFixed(1)} s${values.keep ? `; run folders kept in ${scratch}` : ''}`);
  if (values.json) {
    writeFileSync(values.json, `${JSON.stringify({ runs, seed, workers, durationMs, passed, failed, clean: cleanResult, faults: faultResults }, null, 2)}\n`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

// ------------------------------------------------------------------ judging a fault

function judgeFault(fault: Fault, area: string, before: RunOutcome, after: RunOutcome): FaultResult {
  const base = { fault: fault.name, rule: fault.rule, area, overReported: [], notes: [], sideChanges: [], durationMs: after.durationMs };
  if (!before.report) return { ...base, status: 'error', reason: `the clean baseline of ${area} has no report: ${before.error}` };
  if (!after.report) return { ...base, status: 'error', reason: `no report: ${after.error}` };
  const was = verdicts(before.report);
  const now = verdicts(after.report);
  const overReported: Change[] = [];
  const notes: Change[] = [];
  const sideChanges: Change[] = [];
  for (const [rule, after] of now) {
    const before = was.get(rule);
    if (rule === fault.rule || !before || before.verdict === after.verdict) continue;
    const change = { rule, before: before.verdict, after: after.verdict };
    if (areaOf.get(rule) === area) notes.push(change);
    else if (after.verdict === 'fail' || after.verdict === 'inconclusive') overReported.push(change);
    else sideChanges.push(change);
  }
  const target = now.get(fault.rule);
  const result = { ...base, verdict: target?.verdict, reason: target?.reason, overReported, notes, sideChanges };
  if (target?.verdict !== 'fail') return { ...result, status: 'missed' };
  return { ...result, status: overReported.length > 0 ? 'over-reported' : 'caught' };
}

function noTests(fault: Fault, area: string): FaultResult {
  return { fault: fault.name, rule: fault.rule, area, status: 'missed', reason: `no test selects area ${area}`, overReported: [], notes: [], sideChanges: [], durationMs: 0 };
}

function verdicts(report: ConformanceReport): Map<string, { verdict: VerdictKind; reason?: string }> {
  return new Map(report.rules.map((rule) => [rule.id, { verdict: rule.verdict, reason: rule.reason }]));
}

function cleanCheck(scope: string, run: RunOutcome): CleanResult {
  if (!run.report) return { scope, ok: false, problems: [], error: run.error, durationMs: run.durationMs };
  const problems = run.report.rules
    .filter((rule) => rule.verdict === 'fail' || rule.verdict === 'inconclusive')
    .map((rule) => ({ rule: rule.id, verdict: rule.verdict, reason: rule.reason }));
  return { scope, ok: problems.length === 0, problems, durationMs: run.durationMs };
}

function cleanOfBaselines(runs: (readonly [string, RunOutcome])[]): CleanResult {
  const checks = runs.map(([area, run]) => cleanCheck(area, run));
  const errors = checks.filter((check) => check.error).map((check) => `${check.scope}: ${check.error}`);
  const problems = checks.flatMap((check) => check.problems.map((problem) => ({ ...problem, rule: `${problem.rule} [${check.scope} baseline]` })));
  return {
    scope: `the baselines of ${runs.map(([area]) => area).join(', ') || 'no area'}`,
    ok: errors.length === 0 && problems.length === 0 && runs.length > 0,
    problems,
    ...(errors.length ? { error: errors.join('; ') } : runs.length === 0 ? { error: 'no area has tests' } : {}),
    durationMs: checks.reduce((sum, check) => sum + check.durationMs, 0),
  };
}

// ------------------------------------------------------------------ output

function print(result: FaultResult): FaultResult {
  const seconds = result.durationMs ? ` ${(result.durationMs / 1000).toFixed(1)} s` : '';
  let what: string;
  if (result.status === 'caught') what = 'caught';
  else if (result.status === 'over-reported') what = `over-reported: ${result.overReported.map(describeChange).join(', ')}`;
  else if (result.status === 'error') what = `missed: ${result.reason}`;
  else if (result.verdict) what = `missed: ${result.rule} was ${result.verdict}${result.reason ? ` (${clip(result.reason)})` : ''}`;
  else what = `missed: ${result.reason}`;
  console.log(`${result.area.padEnd(15)} ${result.fault.padEnd(42)} ${what}${seconds}`);
  if (result.notes.length > 0) console.log(`${''.padEnd(16)}note: also changed ${result.notes.map(describeChange).join(', ')}`);
  return result;
}

function describeChange(change: Change): string {
  return `${change.rule} ${change.before}->${change.after}`;
}

function cleanLine(result: CleanResult): string {
  const seconds = `${(result.durationMs / 1000).toFixed(1)} s`;
  if (result.error) return `clean run (${result.scope}): failed: ${result.error} ${seconds}`;
  if (!result.ok) return `clean run (${result.scope}): ${result.problems.length} rules fail or are inconclusive ${seconds}`;
  return `clean run (${result.scope}): clean ${seconds}`;
}

function printAreaTable(results: FaultResult[]): void {
  const rows = new Map<string, Record<Status, number>>();
  for (const result of results) {
    const row = rows.get(result.area) ?? { caught: 0, missed: 0, 'over-reported': 0, error: 0 };
    row[result.status] += 1;
    rows.set(result.area, row);
  }
  console.log(`${'area'.padEnd(16)}${'faults'.padStart(7)}${'caught'.padStart(8)}${'missed'.padStart(8)}${'over'.padStart(6)}`);
  for (const [area, row] of rows) {
    const total = row.caught + row.missed + row['over-reported'] + row.error;
    console.log(`${area.padEnd(16)}${String(total).padStart(7)}${String(row.caught).padStart(8)}${String(row.missed + row.error).padStart(8)}${String(row['over-reported']).padStart(6)}`);
  }
}

function clip(text: string, length = 140): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

// ------------------------------------------------------------------ running Playwright against a pre-started mock

/** `@rule:<id>` tags of every rule of the area, as one Playwright --grep. */
function areaGrep(area: string): string {
  const ids = rulesOfArea(area).map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `@rule:(${ids.join('|')})(?=\\s|$)`;
}

/** Per area, the test files holding a test that declares one of its rules (one `playwright test --list`). */
async function listTestFiles(scratch: string): Promise<Map<string, string[]>> {
  const { code, stdout, stderr } = await runPlaywright(['test', '--list', '--reporter=json'], baseEnv({ EMS_REPORT_DIR: join(scratch, 'list') }), 60);
  let listing: { config?: { rootDir?: string }; suites?: ListedSuite[] };
  try {
    listing = JSON.parse(stdout) as typeof listing;
  } catch {
    throw new Error(`playwright test --list failed (exit ${code}): ${clip(stderr || stdout, 400)}`);
  }
  const files = new Map<string, Set<string>>();
  const walk = (suite: ListedSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const tag of spec.tags ?? []) {
        const area = /^@?rule:/.test(tag) ? areaOf.get(tag.replace(/^@?rule:/, '')) : undefined;
        if (area && spec.file) files.set(area, (files.get(area) ?? new Set()).add(spec.file));
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of listing.suites ?? []) walk(suite);
  const root = listing.config?.rootDir ?? repoPath('suites');
  return new Map([...files].map(([area, names]) => [area, [...names].sort().map((name) => join(root, name))]));
}

/** Round-robin over the areas (most faults first), so that neighbours in the queue are of different areas. */
function interleaveByArea(faults: Fault[]): Fault[] {
  const byArea = new Map<string, Fault[]>();
  for (const fault of faults) {
    const area = areaOf.get(fault.rule) ?? '?';
    byArea.set(area, [...(byArea.get(area) ?? []), fault]);
  }
  const queues = [...byArea.values()].sort((a, b) => b.length - a.length);
  const order: Fault[] = [];
  while (queues.some((queue) => queue.length > 0)) for (const queue of queues) if (queue.length > 0) order.push(queue.shift()!);
  return order;
}

interface ListedSuite {
  specs?: { tags?: string[]; file?: string }[];
  suites?: ListedSuite[];
}

interface RunSettings {
  runs: number;
  seed: number;
  exportBudgetS: number;
}

/** One matrix worker: its own mock, report and result folders; one Playwright run at a time. */
class MatrixWorker {
  private readonly reportDir: string;
  private readonly resultsDir: string;

  constructor(
    private readonly mock: RunningMock,
    folder: string,
    private readonly settings: RunSettings,
  ) {
    this.reportDir = join(folder, 'reports');
    this.resultsDir = join(folder, 'test-results');
    mkdirSync(this.reportDir, { recursive: true });
  }

  /** Runs the tests matching grep (all without) in these files (all without) with these faults on, after reseeding the mock. */
  async run(faults: string[], grep: string | undefined, files: string[] = []): Promise<RunOutcome> {
    const started = Date.now();
    const reportFile = join(this.reportDir, 'conformance.json');
    rmSync(reportFile, { force: true });
    this.mock.setFaults(faults);
    const reset = await fetch(`${this.mock.origin}/__mock/reset`, { method: 'POST' });
    if (!reset.ok) return { error: `POST /__mock/reset answered HTTP ${reset.status}`, durationMs: Date.now() - started };

    const { mock, settings } = this;
    const env = baseEnv({
      ...embeddedMockEnv(mock),
      EMS_MOCK_FAULTS: faults.join(','),
      EMS_WORKERS: '1',
      EMS_RUNS: String(settings.runs),
      EMS_SEED: String(settings.seed),
      EMS_EXPORT_BUDGET_S: String(settings.exportBudgetS),
      EMS_REPORTERS: 'minimal',
      EMS_REPORT_DIR: this.reportDir,
      EMS_TEST_RESULTS_DIR: this.resultsDir,
    });
    const args = ['test', ...(grep ? ['--grep', grep] : []), ...files];
    const finished = await runPlaywright(args, env, RUN_WALL_LIMIT_S);
    const durationMs = Date.now() - started;
    if (!existsSync(reportFile)) {
      const why = finished.timedOut ? `killed after ${RUN_WALL_LIMIT_S} s` : `playwright exited with code ${finished.code}`;
      return { error: `${why}: ${clip(lastLines(finished.stderr || finished.stdout), 300)}`, durationMs };
    }
    try {
      return { report: JSON.parse(readFileSync(reportFile, 'utf8')) as ConformanceReport, durationMs };
    } catch (error) {
      return { error: `unreadable report: ${String(error)}`, durationMs };
    }
  }
}

/** Runs tasks on free workers, in submission order, each once what it waits for has settled. */
class WorkerPool {
  private readonly idle: MatrixWorker[];
  private readonly queue: { ready: () => boolean; start: (worker: MatrixWorker) => void }[] = [];

  constructor(workers: MatrixWorker[]) {
    this.idle = [...workers];
  }

  submit<T>(task: (worker: MatrixWorker) => Promise<T>, after?: Promise<unknown>): Promise<T> {
    let settled = after === undefined;
    const settle = () => {
      settled = true;
      this.dispatch();
    };
    after?.then(settle, settle);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        ready: () => settled,
        start: (worker) => {
          task(worker)
            .then(resolve, reject)
            .finally(() => this.release(worker));
        },
      });
      this.dispatch();
    });
  }

  private release(worker: MatrixWorker): void {
    this.idle.push(worker);
    this.dispatch();
  }

  private dispatch(): void {
    while (this.idle.length > 0) {
      const index = this.queue.findIndex((task) => task.ready());
      if (index < 0) return;
      const [task] = this.queue.splice(index, 1);
      task!.start(this.idle.shift()!);
    }
  }
}

/** The environment of a child: ours without any EMS_* variable (the caller's target must not leak in), plus these. */
function baseEnv(extra: Record<string, string>): Record<string, string> {
  const clean = Object.entries(process.env).filter((entry): entry is [string, string] => !entry[0].startsWith('EMS_') && entry[1] !== undefined);
  return { ...Object.fromEntries(clean), ...extra };
}

function runPlaywright(
  args: string[],
  env: Record<string, string>,
  limitS: number,
): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(repoPath('node_modules', '.bin', 'playwright'), args, { cwd: repoPath(), env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, limitS * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      children.delete(child);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function lastLines(text: string, count = 4): string {
  return text.trim().split('\n').slice(-count).join(' | ');
}

function delayRange(text: string | undefined): [number, number] {
  const [min, max] = (text ?? '').split(',').map(Number);
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min! < 0 || max! < min!) {
    throw new UsageError(`--export-delay-ms ${text}: give MIN,MAX in milliseconds, 0 <= MIN <= MAX`);
  }
  return [min!, max!];
}

function positiveInteger(flag: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value <= 0) throw new UsageError(`${flag} ${text}: give a whole number greater than 0`);
  return value;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) killGroup(child);
    process.exit(130);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usage = error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    console.error(`selfcheck: ${error instanceof Error ? error.message : String(error)}`);
    for (const child of children) killGroup(child);
    process.exit(usage ? 2 : 1);
  },
);
