import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoPath } from '../../harness/contract';
import { clip } from '../../harness/core';
import { embeddedMockEnv } from '../../harness/runner';
import type { ConformanceReport } from '../../harness/types';
import { startMock, type RunningMock } from '../../mock';
import { DAY_MS, formatServiceDatetime } from '../../mock/datetime';
import { embeddedMockOptions } from '../../mock/provider';
import { lastLines, runChild } from '../lib/child';
import { childEnv } from '../lib/env';
import { areaOf, type MatrixRun } from './plan';
import type { MatrixPlanFile } from './lane';
import { DONE_MARK, ERROR_MARK } from './reporter';
import type { RunOutcome } from './verdict-diff';

export interface PoolSettings {
  /** Playwright workers: how many lanes of runs go at once (each lane one worker, its runs one after another). */
  workers: number;
  runs: number;
  seed: number;
  exportBudgetS: number;
  /** How long the mocks keep an export job Pending at most (as the embedded mock's, a job also ends at its third status poll). */
  exportDelayMs: [number, number];
}

/**
 * How far the matrix's mock clocks run from the host's: to the midday (12:00:00 GMT) nearest to now. The harness
 * reads "now" on the target's clock, so every time rule is judged as at midday: near midnight a window that ends
 * 24 h before now and the accepted "today" reading of "current date" coincide within a check's margin, and a fault
 * such as emails-default-end-day-early could not show.
 */
export function matrixClockOffsetMs(now = Date.now()): number {
  const midday = Math.round((now - MIDDAY_MS) / DAY_MS) * DAY_MS + MIDDAY_MS;
  return midday - now;
}
const MIDDAY_MS = DAY_MS / 2;

/** The whole matrix gets this long; a test that hangs is ended sooner by its own timeout. */
const WALL_LIMIT_S = 3600;

/**
 * The matrix's worker pool: every run gets its own mock (started with the run's faults, so no run
 * sees another's data); the runs go in lanes (planLanes), each lane one project of a single Playwright
 * run whose one worker serves the lane's runs one after another (lane.ts), as many lanes at once as
 * there are workers. Playwright starts once for the whole matrix and a failing test keeps its worker
 * (playwright.config.ts beside this file); `onDone` hears of each run as soon as its report is written.
 */
export async function runPool(runs: MatrixRun[], settings: PoolSettings, scratch: string, onDone: (run: MatrixRun, outcome: RunOutcome) => void): Promise<void> {
  if (runs.length === 0) return;
  const reportDir = join(scratch, 'reports');
  mkdirSync(reportDir, { recursive: true });
  const mocks: RunningMock[] = [];
  try {
    // Each mock as the embedded mock of a conformance run with the run's faults and readings (fault runs: drawn).
    // Every mock's clock runs at the same distance from the host's, from a midday (matrixClockOffsetMs), so no
    // verdict depends on the hour the matrix runs at; the workers read "now" on that clock.
    const offsetMs = matrixClockOffsetMs();
    for (const run of runs) {
      const clock = { start: formatServiceDatetime(Date.now() + offsetMs) };
      mocks.push(await startMock({ ...embeddedMockOptions({ faults: run.faults }, {}), exportDelayMs: settings.exportDelayMs, clock, ...(run.choices ? { choices: run.choices } : {}) }));
    }
    const mockEnv = (mock: RunningMock) => embeddedMockEnv({ ...mock, clockOffsetMs: mock.clockAheadMs() });
    // Playwright runs the bundle of the sources, as `npm run conformance` does: each lane's worker starts sooner.
    const bundle = runBundle();
    const laneDir = join(scratch, 'lanes');
    mkdirSync(laneDir, { recursive: true });
    const lanes = planLanes(runs, settings.workers).map((indexes, lane) => {
      const file = join(laneDir, `lane-${lane + 1}.spec.mjs`);
      writeFileSync(file, `import { registerLane } from ${JSON.stringify(pathToFileURL(join(bundle, 'bin', 'selfcheck', 'lane.js')).href)};\nawait registerLane(${lane});\n`);
      return { file, runs: indexes };
    });
    const plan: MatrixPlanFile = {
      workers: settings.workers,
      reportDir,
      runs: runs.map((run, index) => ({
        name: run.name,
        files: run.files.map((file) => join(bundle, 'suites', basename(file).replace(/\.ts$/, '.js'))),
        ...(run.grep ? { grep: run.grep } : {}),
        env: { ...mockEnv(mocks[index]!), EMS_MOCK_FAULTS: run.faults.join(',') },
      })),
      lanes,
    };
    const planFile = join(scratch, 'plan.json');
    writeFileSync(planFile, JSON.stringify(plan));

    const done = new Set<number>();
    const errors: string[] = [];
    const onLine = (line: string) => {
      if (line.startsWith(ERROR_MARK)) errors.push(line.slice(ERROR_MARK.length).trim());
      if (!line.startsWith(DONE_MARK)) return;
      const index = Number(line.slice(DONE_MARK.length));
      const run = runs[index];
      if (!run || done.has(index)) return;
      done.add(index);
      onDone(run, readOutcome(join(reportDir, `${index}.json`)));
    };
    const env = childEnv({
      // The main process's target (the global setup checks it); each project names its own.
      ...mockEnv(mocks[0]!),
      EMS_RUNS: String(settings.runs),
      EMS_SEED: String(settings.seed),
      EMS_EXPORT_BUDGET_S: String(settings.exportBudgetS),
      EMS_BUDGET_S: String(WALL_LIMIT_S),
      EMS_MATRIX_PLAN: planFile,
      EMS_REPORT_DIR: reportDir,
      EMS_TEST_RESULTS_DIR: join(scratch, 'test-results'),
      // The bundle and the lanes are JavaScript: no need of Playwright's TypeScript loader (bin/lib/commands.ts playwrightEnv).
      PW_DISABLE_TS_ESM: '1',
    });
    const config = join(bundle, 'bin', 'selfcheck', 'playwright.config.js');
    const finished = await runChild(repoPath('node_modules', '.bin', 'playwright'), ['test', '--config', config], { env, limitS: WALL_LIMIT_S + 60, onLine });
    const why = finished.timedOut ? `killed after ${WALL_LIMIT_S} s` : `playwright exited with code ${finished.code}`;
    const detail = clip(errors.join(' | ') || lastLines(finished.stderr || finished.stdout), 300);
    runs.forEach((run, index) => {
      if (!done.has(index)) onDone(run, { error: `${why}: ${detail}`, durationMs: 0 });
    });
  } finally {
    await Promise.all(mocks.map((mock) => mock.close()));
  }
}

/** Lanes per worker: enough that the lanes left at the end are short, few enough that worker starts stay few. */
const LANES_PER_WORKER = 3;

/**
 * The runs each lane serves, in plan order within a lane: the longest first to the lane with the least
 * so far, a run's weight being the checks it selects (its areas' rules), the clean run weighing every area's.
 */
export function planLanes(runs: readonly MatrixRun[], workers: number): number[][] {
  const count = Math.max(1, Math.min(runs.length, workers * LANES_PER_WORKER));
  const lanes = Array.from({ length: count }, () => ({ weight: 0, runs: [] as number[] }));
  const weightOf = (run: MatrixRun) => (run.areas ? run.areas.reduce((sum, area) => sum + (rulesPerArea.get(area) ?? 1), 0) : [...rulesPerArea.values()].reduce((a, b) => a + b, 0));
  const order = runs.map((run, index) => ({ index, weight: weightOf(run) })).sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { index, weight } of order) {
    const lane = lanes.reduce((least, candidate) => (candidate.weight < least.weight ? candidate : least));
    lane.weight += weight;
    lane.runs.push(index);
  }
  return lanes.map((lane) => lane.runs.sort((a, b) => a - b)).filter((lane) => lane.length > 0);
}

const rulesPerArea = [...areaOf.values()].reduce((counts, area) => counts.set(area, (counts.get(area) ?? 0) + 1), new Map<string, number>());

/** The folder of the bundle of the sources (bin/run-bundled.mjs, built if need be). */
function runBundle(): string {
  const found = spawnSync(process.execPath, [repoPath('bin', 'run-bundled.mjs'), '--print-dir'], { cwd: repoPath(), encoding: 'utf8' });
  const dir = found.stdout.trim().split('\n').at(-1) ?? '';
  if (found.status !== 0 || !['playwright.config.js', 'lane.js'].every((entry) => existsSync(join(dir, 'bin', 'selfcheck', entry)))) {
    throw new Error(`the harness could not be bundled (bin/run-bundled.mjs exited ${found.status}): ${lastLines(found.stderr, 3)}`);
  }
  return dir;
}

function readOutcome(file: string): RunOutcome {
  if (!existsSync(file)) return { error: `no report at ${file}`, durationMs: 0 };
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport;
    return { report, durationMs: report.durationMs };
  } catch (error) {
    return { error: `unreadable report: ${String(error)}`, durationMs: 0 };
  }
}
