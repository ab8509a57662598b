import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { declaredRules } from '../../harness/core';
import { buildReport, testOutcome, type TestOutcome } from '../../harness/report/conformance-reporter';
import { discardRunExchanges, judgeWholeRun } from '../../harness/runner';
import { readMatrixPlan, RUN_TAG } from './lane';

export interface MatrixReporterOptions {
  /** Where each run's conformance.json goes: <outputDir>/<run index>.json. */
  outputDir: string;
}

/** What the reporter prints on stdout when a run's report is written (the matrix reads it as it comes). */
export const DONE_MARK = 'ems-matrix done';
/** What it prints for an error outside any test (a file that does not load, a worker that crashed). */
export const ERROR_MARK = 'ems-matrix error';

interface MatrixRunState {
  index: number;
  selected: Set<string>;
  remaining: Set<string>;
  outcomes: Map<string, TestOutcome>;
  started?: number;
  ended: number;
  written: boolean;
}

/**
 * The fault matrix's reporter: the tests of each run of the matrix (its own mock and faults) carry the
 * run's tag (lane.ts), so it folds the verdicts per run, as the conformance reporter folds a whole run,
 * and writes the run's report as soon as its last test has ended.
 */
export default class MatrixReporter implements Reporter {
  private readonly runs = new Map<number, MatrixRunState>();
  /** Reports being written (each run's whole-run judgement is asynchronous); onEnd waits for them. */
  private readonly writing: Promise<void>[] = [];

  constructor(private readonly options: MatrixReporterOptions) {}

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: unknown, suite: Suite): void {
    const testsOf = new Map<number, TestCase[]>();
    for (const test of suite.allTests()) {
      const index = runIndexOf(test);
      if (index !== undefined) testsOf.set(index, [...(testsOf.get(index) ?? []), test]);
    }
    for (const index of planRunIndexes()) {
      const tests = testsOf.get(index) ?? [];
      const run: MatrixRunState = {
        index,
        selected: new Set(tests.flatMap((test) => declaredRules(test.tags))),
        remaining: new Set(tests.map((test) => test.id)),
        outcomes: new Map(),
        ended: 0,
        written: false,
      };
      this.runs.set(index, run);
      if (tests.length === 0) this.write(run, 'passed');
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const index = runIndexOf(test);
    const run = index === undefined ? undefined : this.runs.get(index);
    if (!run || run.written) return;
    run.outcomes.set(test.id, testOutcome(test, result));
    const start = result.startTime.getTime();
    run.started = Math.min(run.started ?? start, start);
    run.ended = Math.max(run.ended, start + result.duration);
    run.remaining.delete(test.id);
    if (run.remaining.size === 0) this.write(run, 'passed');
  }

  onError(error: TestError): void {
    console.log(`${ERROR_MARK} ${(error.message ?? error.value ?? '').split('\n')[0]}`);
  }

  async onEnd(result: FullResult): Promise<void> {
    for (const run of this.runs.values()) if (!run.written) this.write(run, result.status);
    await Promise.all(this.writing);
    discardRunExchanges(process.env);
  }

  /** Writes a run's report once its last test ended: its verdicts over the whole run's exchanges, as a conformance run's. */
  private write(run: MatrixRunState, status: FullResult['status']): void {
    run.written = true;
    const startTime = new Date(run.started ?? Date.now());
    const outcomes = [...run.outcomes.values()];
    const env = readMatrixPlan().runs[run.index]?.env ?? {};
    const unmet = outcomes.find((outcome) => outcome.target)?.target?.unmetNeeds ?? {};
    const rules = [...run.selected].filter((rule) => !unmet[rule]);
    const done = judgeWholeRun({ env: process.env, targetEnv: env, runKey: JSON.stringify(env), rules })
      .catch((error: unknown) => {
        console.log(`${ERROR_MARK} the whole-run judgement of run ${run.index}: ${String(error).split('\n')[0]}`);
        return undefined;
      })
      .then((whole) => {
        const report = buildReport(outcomes, run.selected, { startTime, duration: Math.max(0, run.ended - startTime.getTime()), status }, whole?.verdicts);
        writeFileSync(join(this.options.outputDir, `${run.index}.json`), JSON.stringify(report));
        console.log(`${DONE_MARK} ${run.index}`);
      });
    this.writing.push(done);
  }
}

/** The run a test belongs to, from its tag (lane.ts). */
function runIndexOf(test: TestCase): number | undefined {
  const tag = test.tags.find((candidate) => candidate.startsWith(RUN_TAG));
  return tag === undefined ? undefined : Number(tag.slice(RUN_TAG.length));
}

/** Every run of the plan, also those whose lane did not load (their reports say so: no tests). */
const planRunIndexes = (): number[] => readMatrixPlan().runs.map((_, index) => index);
