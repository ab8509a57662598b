import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { declaredRules } from '../../harness/core';
import { buildReport, testOutcome, type TestOutcome } from '../../harness/report/conformance-reporter';

export interface MatrixReporterOptions {
  /** Where each run's conformance.json goes: <outputDir>/<run index>.json. */
  outputDir: string;
}

/** What the reporter prints on stdout when a run's report is written (the matrix reads it as it comes). */
export const DONE_MARK = 'ems-matrix done';
/** What it prints for an error outside any test (a file that does not load, a worker that crashed). */
export const ERROR_MARK = 'ems-matrix error';

interface ProjectRun {
  index: number;
  selected: Set<string>;
  remaining: Set<string>;
  outcomes: Map<string, TestOutcome>;
  started?: number;
  ended: number;
  written: boolean;
}

/**
 * The fault matrix's reporter: each Playwright project is one run of the matrix (its own mock and
 * faults), so it folds the verdicts per project, as the conformance reporter folds a whole run, and
 * writes the project's report as soon as its last test has ended.
 */
export default class MatrixReporter implements Reporter {
  private readonly runs = new Map<string, ProjectRun>();

  constructor(private readonly options: MatrixReporterOptions) {}

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: unknown, suite: Suite): void {
    suite.suites.forEach((projectSuite, index) => {
      const tests = projectSuite.allTests();
      const run: ProjectRun = {
        index,
        selected: new Set(tests.flatMap((test) => declaredRules(test.tags))),
        remaining: new Set(tests.map((test) => test.id)),
        outcomes: new Map(),
        ended: 0,
        written: false,
      };
      this.runs.set(projectSuite.title, run);
      if (tests.length === 0) this.write(run, 'passed');
    });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const run = this.runs.get(test.parent.project()?.name ?? '');
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

  onEnd(result: FullResult): void {
    for (const run of this.runs.values()) if (!run.written) this.write(run, result.status);
  }

  private write(run: ProjectRun, status: FullResult['status']): void {
    const startTime = new Date(run.started ?? Date.now());
    const report = buildReport([...run.outcomes.values()], run.selected, { startTime, duration: Math.max(0, run.ended - startTime.getTime()), status });
    writeFileSync(join(this.options.outputDir, `${run.index}.json`), JSON.stringify(report));
    run.written = true;
    console.log(`${DONE_MARK} ${run.index}`);
  }
}
