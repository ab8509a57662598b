import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { clip, isOutage, oneLine, redactorFromEnv, type Redactor } from '../core';
import type { Verdict } from '../types';
import { testOutcome } from './conformance-reporter';

export interface ConsoleReporterOptions {
  /** One character per test (for CI logs) instead of one line per test. */
  dots?: boolean;
}

/** How a test ended, by its rules' verdicts rather than by Playwright's expected status. */
type TestEnd = 'failed' | 'passed' | 'skipped';

const MARK: Record<TestEnd, { line: string; dot: string }> = {
  failed: { line: '✘', dot: 'F' },
  passed: { line: '✓', dot: '·' },
  skipped: { line: '-', dot: '°' },
};
const REASON_CHARS = 300;

/**
 * The console's account of a conformance run, in place of Playwright's list and dot reporters. A test whose
 * rule failed is marked an expected failure so that Playwright keeps its worker (and the worker keeps the
 * run's exchange log for the judges, harness/runner/fixtures.ts); Playwright's own reporters would count it
 * as passed. This one counts a test by how it ended: failed (a rule failed, a check broke or timed out),
 * skipped (every rule it declares skipped or inconclusive, an outage's included) or passed, and prints each failing rule's reason.
 */
export default class ConsoleReporter implements Reporter {
  private readonly dots: boolean;
  private readonly redactor: Redactor = redactorFromEnv(process.env);
  private readonly counts: Record<TestEnd, number> = { failed: 0, passed: 0, skipped: 0 };
  /** Each failed test's title and why it failed. */
  private readonly failures: Array<[string, string[]]> = [];
  private total = 0;
  /** Errors outside any test (global setup, configuration, a worker that crashed). */
  private errors = 0;
  private column = 0;

  constructor(options: ConsoleReporterOptions = {}) {
    this.dots = options.dots ?? false;
  }

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.total = suite.allTests().length;
    const workers = config.metadata?.actualWorkers ?? config.workers;
    this.write(`\nRunning ${this.total} test${this.total === 1 ? '' : 's'} using ${workers} worker${workers === 1 ? '' : 's'}\n\n`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const end = testEnd(test, result);
    const title = test.titlePath().filter(Boolean).join(' › ');
    this.counts[end] += 1;
    const why = end === 'failed' ? failureLines(test, result).map((line) => clip(line, REASON_CHARS)) : [];
    if (why.length > 0) this.failures.push([title, why]);
    if (this.dots) {
      this.write(MARK[end].dot);
      this.column += 1;
      if (this.column === 80) {
        this.write('\n');
        this.column = 0;
      }
      return;
    }
    const seconds = `${(result.duration / 1000).toFixed(1)}s`;
    this.write(`  ${MARK[end].line} ${this.ended()}/${this.total} ${title} (${seconds})\n`);
    for (const line of why) this.write(`      ${line}\n`);
  }

  /** What a test or the runner printed, as it comes (tokens replaced). */
  onStdOut(chunk: string | Buffer): void {
    this.write(chunk.toString());
  }

  onStdErr(chunk: string | Buffer): void {
    this.write(chunk.toString(), process.stderr);
  }

  onError(error: TestError): void {
    this.errors += 1;
    this.write(`\nerror: ${error.message ?? error.value ?? 'unknown error'}\n`, process.stderr);
  }

  onEnd(result: FullResult): void {
    if (this.column > 0) this.write('\n');
    if (this.counts.failed > 0) {
      // A test's judge saw what its worker had seen; each rule's verdict is its judge over the whole run (the summary that follows).
      this.write(`\n  ${this.counts.failed} failed (as each test's worker saw the run; every rule's verdict over the whole run follows)\n`);
      // The dots named nothing: each failed test and why, once.
      if (this.dots) {
        for (const [title, why] of this.failures) {
          this.write(`    ${title}\n`);
          for (const line of why) this.write(`      ${line}\n`);
        }
      }
    }
    if (this.counts.skipped > 0) this.write(`  ${this.counts.skipped} skipped\n`);
    const notRun = this.total - this.ended();
    if (notRun > 0) this.write(`  ${notRun} did not run\n`);
    this.write(`  ${this.counts.passed} passed (${(result.duration / 1000).toFixed(1)}s)\n`);
    if (this.errors > 0) this.write(`  ${this.errors} error${this.errors === 1 ? '' : 's'} outside any test (above)\n`);
    if (result.status === 'timedout') this.write('  the run reached its global timeout\n');
    if (result.status === 'interrupted') this.write('  the run was interrupted\n');
  }

  /** How many tests have ended so far. */
  private ended(): number {
    return this.counts.failed + this.counts.passed + this.counts.skipped;
  }

  private write(text: string, stream: NodeJS.WriteStream = process.stdout): void {
    stream.write(this.redactor.text(text));
  }
}

/**
 * Failed: a rule failed or the test broke (threw, timed out, was interrupted); skipped: Playwright skipped it (no rule
 * judged, or not run), or an outage cut it short (its rules inconclusive with the reason, none failed: no answer of
 * the target's, harness/core/outage.ts); else passed.
 */
function testEnd(test: TestCase, result: TestResult): TestEnd {
  if (result.status === 'skipped') return 'skipped';
  if (result.status === 'passed') return 'passed';
  return result.status === 'failed' && cutByOutage(test, result) ? 'skipped' : 'failed';
}

/** Whether an outage ended the test: no verdict of it fails or errs, and one is inconclusive on an outage. */
function cutByOutage(test: TestCase, result: TestResult): boolean {
  let verdicts: Verdict[];
  try {
    verdicts = testOutcome(test, result).verdicts;
  } catch {
    return false;
  }
  return verdicts.some((verdict) => verdict.verdict === 'inconclusive' && isOutage(verdict.transportFailure)) && !verdicts.some((verdict) => verdict.verdict === 'fail' || verdict.verdict === 'error');
}

/** Why a failed test failed: each failing rule's reason, else the test's own errors (first line each). */
function failureLines(test: TestCase, result: TestResult): string[] {
  let verdicts: Verdict[] = [];
  try {
    verdicts = testOutcome(test, result).verdicts;
  } catch {
    // Unreadable annotations: the errors below still say why.
  }
  const failing = verdicts.filter((verdict) => verdict.verdict === 'fail').map((verdict) => `${verdict.rule}: ${oneLine(verdict.reason ?? 'no reason given')}`);
  if (failing.length > 0) return failing;
  const errors = result.errors.map((error) => oneLine(error.message ?? error.value ?? 'unknown error'));
  return errors.length > 0 ? errors : [`ended ${result.status}`];
}
