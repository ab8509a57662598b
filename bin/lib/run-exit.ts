import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ConfigError, oneLine } from '../../harness/core';
import { type VerdictChange } from '../../harness/report/baseline';
import { compareRelease } from '../../harness/report/release-compare';
import { parseFailOn, releaseGate, type FailOn, type FlakyPolicy } from '../../harness/report/release-gate';
import { renderReleaseSummary } from '../../harness/report/release-summary';
import { fileSha256, ruleViewOf, specOperations } from '../../harness/report/rule-basis';
import { DEFAULT_RULES_PATH, DEFAULT_SPEC_PATH, loadRules } from '../../harness/contract';
import { renderSummary } from '../../harness/report/summary';
import { readReportFile } from '../../harness/report/report-file';
import { writeReportFiles } from '../../harness/report/write';
import { runExit } from '../../harness/report/exit-code';
import type { ConformanceReport } from '../../harness/types';

/** How a finished run (a live one, a --har one, or shards merged) is judged into its exit code. */
export interface RunVerdictOptions {
  /** The Playwright command's own exit code (a test that broke outside any judgement makes it non-zero). */
  playwrightExit: number;
  /** --accept-partial or EMS_ACCEPT_PARTIAL=1: a partial run exits 0, not 3. */
  acceptPartial: boolean;
  baseline?: ConformanceReport;
  /** The baseline's file, as given (the release summary names it). */
  baselineFile?: string;
  /** --fail-on: `new` gates only on the failing cases the baseline does not excuse; `drift` gates on drifted silent points too. */
  failOn: FailOn;
  /** --flaky: `warn` lets failures that did not reproduce on every replay warn without gating (default fail). */
  flaky?: FlakyPolicy;
  /** The folder holding the report files, as the summary names it. */
  reportDir: string;
  /** --min-coverage N: below N % of classes or pairs exercised, the run exits 5 (default EMS_MIN_COVERAGE). */
  minCoverage?: number;
}

/**
 * Prints the summary of a run's conformance.json (and its changes against a baseline) and returns the
 * run's exit code from harness/report/exit-code.ts (1 > 4 > 3 > 0). Every command that ends a run
 * (conformance, merge) ends it here, so they exit alike.
 */
export async function concludeRun(report: ConformanceReport, options: RunVerdictOptions): Promise<number> {
  // The summary tells the run's duration and seed.
  console.log(`\n${renderSummary(report, relative(process.cwd(), options.reportDir) || '.')}`);
  const comparison = options.baseline ? compareWithCurrentSpec(report, options.baseline) : undefined;
  if (comparison) {
    printChanges('newly failing', comparison.verdicts.newlyFailing);
    printChanges('newly passing', comparison.verdicts.newlyPassing);
    printChanges('changed', comparison.verdicts.changed);
    console.log(`\n${renderReleaseSummary(comparison, { file: options.baselineFile ?? 'the baseline', startedAt: options.baseline?.startedAt })}`);
    // The drift goes into the report files too (an HTML section, JUnit testcases).
    const { drift, observedOnce } = comparison.silentPoints;
    const record = { baseline: options.baselineFile ?? 'the baseline', failOnDrift: options.failOn.drift, points: drift, observedOnce };
    await writeReportFiles({ ...report, drift: record }, options.reportDir);
  }
  const writes = skippedForWrites(report);
  if (writes > 0) {
    console.log(`conformance: ${writes} rule(s) skipped: writes are not allowed on this target (--allow-writes or EMS_ALLOW_WRITES=1 judges them; the run then imports contacts and requests exports there)`);
  }
  const gate = releaseGate(report, comparison, options.failOn, options.flaky ?? 'fail');
  const minCoverage = options.minCoverage ?? minCoverageOf(process.env.EMS_MIN_COVERAGE);
  const exit = runExit(report, {
    acceptPartial: options.acceptPartial,
    playwrightExit: options.playwrightExit,
    ...(gate.gating === undefined ? {} : { gatingFailures: gate.gating }),
    ...(minCoverage === undefined ? {} : { minCoverage }),
  });
  for (const note of [...gate.notes, ...exit.notes]) console.log(note);
  return exit.code;
}

/** A run compared with its baseline under the spec and rules of this installation (what the run was judged under). */
function compareWithCurrentSpec(report: ConformanceReport, baseline: ConformanceReport) {
  const operations = specOperations();
  const rules = new Map(loadRules().rules.map((rule) => [rule.id, rule] as const));
  return compareRelease(report, baseline, {
    operations,
    currentView: (id) => {
      const rule = rules.get(id);
      return rule ? ruleViewOf(rule, operations) : undefined;
    },
    hashes: report.specBasis ?? { openapiSha256: fileSha256(DEFAULT_SPEC_PATH), rulesSha256: fileSha256(DEFAULT_RULES_PATH) },
  });
}

/** How many rules were skipped because the run might not write (harness/core/needs.ts: "needs writes: ..."). */
export function skippedForWrites(report: Pick<ConformanceReport, 'rules'>): number {
  return report.rules.filter((rule) => rule.verdict === 'skipped' && /\bneeds writes\b/.test(rule.reason ?? '')).length;
}

/**
 * A baseline (`--baseline`) read and checked before the run starts: a file that is not a conformance.json is a
 * one-line configuration error naming what is wrong (harness/report/report-shape.ts), never a stack trace
 * once the run is over.
 */
export function readBaseline(path: string): ConformanceReport {
  return readReportFile(path, '--baseline', 'baseline');
}

/** A conformance.json this run wrote, read whole, or a one-line configuration error naming it. */
export function readReport(path: string, what: string): ConformanceReport {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ConformanceReport;
  } catch (error) {
    throw new ConfigError(`${what} ${path} cannot be read: ${oneLine(error)}`);
  }
}

/** --min-coverage N / EMS_MIN_COVERAGE: a percentage from 0 to 100, or a one-line configuration error. */
export function minCoverageOf(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 100) throw new ConfigError(`--min-coverage ${text}: give a percentage from 0 to 100`);
  return value;
}

/** --fail-on any|new|drift (or a comma list, `new,drift`), and the baseline `new` and `drift` need. */
export function failOnOf(text: string | undefined, baseline: string | undefined): FailOn {
  const failOn = parseFailOn(text);
  if (typeof failOn === 'string') throw new ConfigError(failOn);
  if (failOn.failures === 'new' && !baseline) throw new ConfigError('--fail-on new needs --baseline <old conformance.json>');
  if (failOn.drift && !baseline) throw new ConfigError('--fail-on drift needs --baseline <old conformance.json>');
  return failOn;
}

/** --flaky fail|warn (default fail). */
export function flakyOf(text: string | undefined): FlakyPolicy {
  const flaky = text ?? 'fail';
  if (flaky !== 'fail' && flaky !== 'warn') throw new ConfigError(`--flaky ${flaky}: use fail or warn`);
  return flaky;
}

function printChanges(title: string, changes: VerdictChange[]): void {
  if (changes.length === 0) return;
  console.log(`${title}:`);
  for (const change of changes) console.log(`  ${change.id}: ${change.before} -> ${change.after}`);
}
