import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ConfigError, oneLine } from '../../harness/core';
import { compareWithBaseline, type VerdictChange } from '../../harness/report/baseline';
// The summary alone: write.ts would also load the HTML renderer, which only the reporter needs.
import { partialRules, renderSummary } from '../../harness/report/summary';
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
 * run's exit code: 1 some rule fails (or none could be judged), 4 a harness error and no failure,
 * 3 a partial run (rules left unjudged by the time budget or transport failures) unless accepted, else 0.
 * Every command that ends a run (conformance, merge) ends it here, so they exit alike.
 */
export function concludeRun(report: ConformanceReport, options: RunVerdictOptions): number {
  // The summary tells the run's duration and seed.
  console.log(`\n${renderSummary(report, relative(process.cwd(), options.reportDir) || '.')}`);
  const nothingJudged = report.counts.pass === 0 && report.counts.fail === 0 && report.counts.inconclusive > 0;
  if (nothingJudged) console.log('conformance: no rule could be judged (every selected rule is inconclusive)');
  // A run cut short by its budget, or left unjudged by transport failures, is not green (exit 3) unless accepted.
  const partial = partialRules(report);
  const unjudged = partial.unfinished.length + partial.transport.length;
  if (unjudged > 0) {
    console.log(`conformance: ${unjudged} rule(s) left unjudged by the time budget or transport failures: ${options.acceptPartial ? 'partial run accepted (--accept-partial)' : 'a partial run exits 3 (--accept-partial accepts it)'}`);
  }
  const partialExit = unjudged > 0 && !options.acceptPartial ? 3 : 0;
  // A harness error (an exception inside the harness, never the target's failure) exits 4 when no rule fails.
  const harnessErrors = (report.counts as Partial<Record<string, number>>).error ?? 0;
  const errorExit = harnessErrors > 0 ? 4 : 0;
  if (!options.baseline) {
    if (report.counts.fail > 0 || nothingJudged) return 1;
    if (errorExit) return errorExit;
    if (unjudged > 0) return partialExit;
    return options.playwrightExit !== 0 ? 1 : 0;
  }

  const comparison = compareWithBaseline(report, options.baseline);
  printChanges('newly failing', comparison.newlyFailing);
  printChanges('newly passing', comparison.newlyPassing);
  printChanges('changed', comparison.changed);
  if (options.failOn === 'new') return comparison.newlyFailing.length > 0 ? 1 : errorExit || partialExit;
  if (report.counts.fail > 0) return 1;
  if (errorExit) return errorExit;
  if (unjudged > 0) return partialExit;
  return options.playwrightExit !== 0 ? 1 : 0;
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
