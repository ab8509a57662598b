import type { ConformanceReport } from '../types';
import { isPartial, partialRules } from './summary';

/** The exit codes of a run (README, "exit"): 2 is decided before judging (configuration, target unusable). */
export const EXIT = { ok: 0, fail: 1, unusable: 2, partial: 3, harnessError: 4, coverage: 5 } as const;

export interface ExitInputs {
  /** --accept-partial (EMS_ACCEPT_PARTIAL=1): a partial run exits 0, not 3. */
  acceptPartial: boolean;
  /** The Playwright run's own exit code (absent: a report read alone, e.g. a merge). */
  playwrightExit?: number;
  /**
   * How many failures gate exit 1 when not every failing rule does (release-gate.ts: --fail-on new counts the
   * failing cases the baseline does not excuse, --flaky=warn leaves out failures that did not reproduce,
   * --fail-on drift adds drifted silent points). Absent: every failing rule gates.
   */
  gatingFailures?: number;
  /** --min-coverage N (EMS_MIN_COVERAGE): a run whose input-space coverage (classes or pairs) is below N % exits 5. */
  minCoverage?: number;
}

export interface RunExit {
  code: number;
  /** What the console says about the exit, one line each (beside the summary). */
  notes: string[];
}

/**
 * The exit code a finished run's report implies: 1 some rule fails (or no selected rule could be judged)
 * > 4 a harness error (a rule's judgement, a report file, or Playwright ending abnormally though no rule
 * failed) > 5 input-space coverage below --min-coverage > 3 partial (rules left unjudged by the time budget or
 * transport failures, or requests an outage left without an answer) > 0.
 */
export function runExit(report: Pick<ConformanceReport, 'counts' | 'rules' | 'harnessErrors' | 'inputCoverage' | 'outage'>, inputs: ExitInputs): RunExit {
  const notes: string[] = [];
  const count = (verdict: string) => report.rules.filter((rule) => rule.verdict === verdict).length;
  const nothingJudged = count('pass') === 0 && count('fail') === 0 && count('inconclusive') > 0;
  if (nothingJudged) notes.push('conformance: no rule could be judged (every selected rule is inconclusive)');
  const partial = partialRules(report);
  const unjudged = partial.unfinished.length + partial.transport.length;
  const partialRun = isPartial(report);
  if (partialRun) {
    const accepted = inputs.acceptPartial ? 'partial run accepted (--accept-partial)' : 'a partial run exits 3 (--accept-partial accepts it)';
    const lost = report.outage?.unanswered ? ` (an outage left ${report.outage.unanswered} request(s) without an answer)` : '';
    notes.push(`conformance: ${unjudged} rule(s) left unjudged by the time budget or transport failures${lost}: ${accepted}`);
  }
  const harnessErrors = count('error') + (report.harnessErrors?.length ?? 0);
  if (harnessErrors > 0) notes.push(`conformance: ${harnessErrors} harness error(s): the harness itself threw, which is no failure of the target (exit 4 unless a rule fails)`);
  const playwrightFailed = inputs.playwrightExit !== undefined && inputs.playwrightExit !== 0;

  const failing = inputs.gatingFailures === undefined ? count('fail') > 0 || nothingJudged : inputs.gatingFailures > 0;
  if (failing) return { code: EXIT.fail, notes };
  if (harnessErrors > 0) return { code: EXIT.harnessError, notes };
  const coverage = report.inputCoverage;
  if (inputs.minCoverage !== undefined) {
    const lowest = coverage ? Math.min(coverage.classes.percent, coverage.pairs.percent) : 0;
    if (lowest < inputs.minCoverage) {
      notes.push(`conformance: input-space coverage ${coverage ? `${coverage.classes.percent} % of classes, ${coverage.pairs.percent} % of pairs` : 'not measured (a traffic run)'} is below --min-coverage ${inputs.minCoverage} % (exit 5)`);
      return { code: EXIT.coverage, notes };
    }
  }
  if (partialRun) return { code: inputs.acceptPartial ? EXIT.ok : EXIT.partial, notes };
  // Failing rules a gate excuses explain Playwright's own exit 1.
  if (playwrightFailed && inputs.gatingFailures === undefined) {
    notes.push(`conformance: playwright exited with code ${inputs.playwrightExit} though no rule fails: a harness error (see its output above)`);
    return { code: EXIT.harnessError, notes };
  }
  return { code: EXIT.ok, notes };
}
