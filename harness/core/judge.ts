import { cliCommand, ruleById } from '../contract';
import type { Verdict } from '../types';
import type { Target } from './config';
import { foldByRule } from './fold';
import { unmetNeeds } from './needs';
import type { PropertyResult } from './property';
import { TransportError } from './transport-error';
import { isOutage } from './outage';
import { skipped } from './judgement';

export type { CheckDetails } from './judgement';

export interface PropertyOptions {
  /** Runs of this property (default: the target's EMS_RUNS). */
  numRuns?: number;
  /** Values run first, shrunk like drawn ones when they fail (a sequence that exercises every relation once). */
  examples?: unknown[];
}

type JudgeTarget = Pick<Target, 'capabilities'>;

/**
 * Records the verdicts of one test: its rules' judgements (the harness records what a check's judge returns),
 * their needs, and the harness's own verdicts (transport failures, harness errors, the end of the test). A test
 * asks needs() only of the rules it declares (@rule:<id> tags).
 */
export class Judge {
  private readonly recorded: Verdict[] = [];
  private requests = 0;

  constructor(
    readonly declared: readonly string[],
    private readonly target: JudgeTarget,
  ) {}

  /** Whether the target offers what the rule needs; when not, records `skipped` with what to set. */
  needs(rule: string): boolean {
    this.requireDeclared(rule);
    const unmet = unmetNeeds(ruleById(rule), this.target.capabilities);
    if (unmet) this.record({ rule, ...skipped(unmet) });
    return unmet === undefined;
  }

  /** Records a verdict as is (the client's schema/envelope verdicts, the fixture's end-of-test verdicts). */
  record(verdict: Verdict): void {
    ruleById(verdict.rule);
    this.recorded.push(verdict);
  }

  countRequest(): void {
    this.requests += 1;
  }

  hasVerdict(rule: string): boolean {
    return this.recorded.some((verdict) => verdict.rule === rule);
  }

  /**
   * One folded verdict per rule. A declared rule's requests are the test's requests; another rule's
   * (a harness error recorded for it) counts its verdicts.
   */
  verdicts(): Verdict[] {
    return foldByRule(this.recorded).map((verdict) => ({
      ...verdict,
      requests: this.declared.includes(verdict.rule) ? this.requests : this.recorded.filter((v) => v.rule === verdict.rule).length,
    }));
  }

  private requireDeclared(rule: string): void {
    ruleById(rule);
    if (!this.declared.includes(rule)) {
      throw new Error(`the test judges "${rule}" without declaring it: add the tag @rule:${rule}`);
    }
  }
}

/**
 * The verdict of a property that deviated (fail, with counterexample, seed, path and replay) or that a
 * transport failure stopped (fail on an answer the target gave that cannot be read; inconclusive on an outage or
 * a rate limit: harness/core/outage.ts); undefined when it held. Anything else
 * that stopped it is rethrown (a harness error).
 */
export function propertyStopped(rule: string, result: PropertyResult): Verdict | undefined {
  const samples = { judged: result.judged, inconclusive: result.inconclusive };
  if (result.kind === 'stopped') {
    if (!(result.error instanceof TransportError)) throw result.error;
    // An outage or a rate limit that never cleared is no answer of the target's: the property is unjudged, never failed.
    const verdict = result.error.reason === 'rate-limited' || isOutage(result.error.reason) ? 'inconclusive' : 'fail';
    return { rule, verdict, reason: result.error.message, evidence: [result.error.evidence], requests: 0, samples, transportFailure: result.error.reason };
  }
  if (result.kind !== 'deviated') return undefined;
  const { deviation, counterexample } = result;
  // The repository's npm alias, or `npx ems-conformance run` in an installed package (the reporter rewrites it with the run's target).
  const replay = `EMS_SEED=${result.seed} EMS_PATH=${result.path} ${cliCommand('run')} --grep @rule:${rule}`;
  return {
    rule,
    verdict: 'fail',
    reason: `${deviation.evidence.title} (counterexample ${JSON.stringify(counterexample)})`,
    evidence: [deviation.evidence],
    repro: deviation.evidence.curl ?? replay,
    property: { seed: result.seed, path: result.path, numRuns: result.numRuns, counterexample, replay },
    requests: 0,
    samples,
  };
}
