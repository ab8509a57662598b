import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ConfigError, oneLine } from '../../harness/core';
import { compareWithBaseline, type VerdictChange } from '../../harness/report/baseline';
// The summary alone: write.ts would also load the HTML renderer, which only the reporter needs.
import { renderSummary } from '../../harness/report/summary';
import { runExit } from '../../harness/report/exit-code';
import type { ConformanceReport } from '../../harness/types';

/** How a finished run (a live one, a --har one, or shards merged) is judged into its exit code. */
export interface RunVerdictOptions {
  /** The Playwright command's own exit code (a test that broke outside any judgement makes it non-zero). */
  playwrightExit: number;
  /** --accept-partial or EMS_ACCEPT_PARTIAL=1: a partial run exits 0, not 3. */
  acceptPartial: boolean;
  baseline?: ConformanceReport;
  /** --fail-on: `new` gates only on rules newly failing against the baseline. */
  failOn: 'any' | 'new';
  /** The folder holding the report files, as the summary names it. */
  reportDir: string;
}

/**
 * Prints the summary of a run's conformance.json (and its changes against a baseline) and returns the
 * run's exit code from harness/report/exit-code.ts (1 > 4 > 3 > 0). Every command that ends a run
 * (conformance, merge) ends it here, so they exit alike.
 */
export function concludeRun(report: ConformanceReport, options: RunVerdictOptions): number {
  // The summary tells the run's duration and seed.
  console.log(`\n${renderSummary(report, relative(process.cwd(), options.reportDir) || '.')}`);
  let newlyFailing: number | undefined;
  if (options.baseline) {
    const comparison = compareWithBaseline(report, options.baseline);
    printChanges('newly failing', comparison.newlyFailing);
    printChanges('newly passing', comparison.newlyPassing);
    printChanges('changed', comparison.changed);
    if (options.failOn === 'new') newlyFailing = comparison.newlyFailing.length;
  }
  const writes = skippedForWrites(report);
  if (writes > 0) {
    console.log(`conformance: ${writes} rule(s) skipped: writes are not allowed on this target (--allow-writes or EMS_ALLOW_WRITES=1 judges them; the run then imports contacts and requests exports there)`);
  }
  const exit = runExit(report, { acceptPartial: options.acceptPartial, playwrightExit: options.playwrightExit, ...(newlyFailing === undefined ? {} : { newlyFailing }) });
  for (const note of exit.notes) console.log(note);
  return exit.code;
}

/** How many rules were skipped because the run might not write (harness/core/needs.ts: "needs writes: ..."). */
export function skippedForWrites(report: Pick<ConformanceReport, 'rules'>): number {
  return report.rules.filter((rule) => rule.verdict === 'skipped' && /\bneeds writes\b/.test(rule.reason ?? '')).length;
}

/** A conformance.json read whole, or a one-line configuration error naming it. */
export function readReport(path: string, what: string): ConformanceReport {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ConformanceReport;
  } catch (error) {
    throw new ConfigError(`${what} ${path} cannot be read: ${oneLine(error)}`);
  }
}

/** --fail-on any|new, and the baseline `new` needs. */
export function failOnOf(text: string | undefined, baseline: string | undefined): 'any' | 'new' {
  const failOn = text ?? 'any';
  if (failOn !== 'any' && failOn !== 'new') throw new ConfigError(`--fail-on ${failOn}: use any or new`);
  if (failOn === 'new' && !baseline) throw new ConfigError('--fail-on new needs --baseline <old conformance.json>');
  return failOn;
}

function printChanges(title: string, changes: VerdictChange[]): void {
  if (changes.length === 0) return;
  console.log(`${title}:`);
  for (const change of changes) console.log(`  ${change.id}: ${change.before} -> ${change.after}`);
}
