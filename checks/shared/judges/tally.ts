/** What a traffic judge found over the exchanges: the ones that break its rule, how many it judged, what it could not judge. */
import { checked, inconclusive, NOT_OBSERVED, passed, type ApiResponse, type Judgement } from '../../../harness/check';

/** A failure's evidence: what should hold, and the exchange that shows it does not. */
export interface FailureEvidence {
  title: string;
  expected?: unknown;
  actual?: unknown;
  response: ApiResponse;
}

/** Failures recorded as evidence per rule (the report folds them; more would only repeat). */
const MAX_FAILURES = 5;

export class VerdictTally {
  /** Exchanges (or flows, or searches) judged. */
  judged = 0;
  private readonly failures: FailureEvidence[] = [];
  private readonly unjudged = new Set<string>();
  private readonly notes: string[] = [];
  private readonly unsettled = new Set<string>();

  /** Counts one judgement; records a failure when it does not hold. Returns whether it holds. */
  expect(holds: boolean, failure: FailureEvidence): boolean {
    this.judged += 1;
    if (!holds) this.failures.push(failure);
    return holds;
  }

  /** Something the traffic holds that could not be judged (said when nothing else was). */
  skip(reason: string): void {
    this.unjudged.add(reason);
  }

  /** Something the traffic holds that might break the rule but could not be judged: the rule cannot pass then. */
  unsettle(reason: string): void {
    this.unsettled.add(reason);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  get failed(): boolean {
    return this.failures.length > 0;
  }

  /**
   * The rule's verdicts: each failure (the first few); else, when something could not be settled or `missing`
   * names what the rule also needs to see, inconclusive; else pass when something was judged; else
   * inconclusive "not observed in the traffic: <none>".
   */
  verdicts({ none, missing = [] }: { none: string; missing?: string[] }): Judgement {
    if (this.failures.length > 0) return this.failures.slice(0, MAX_FAILURES).map((failure) => checked(false, failure));
    const why = [...this.unjudged].slice(0, 3);
    if (this.judged === 0) return [inconclusive(`${NOT_OBSERVED}: ${[none, ...why].join('; ')}`)];
    const open = [...[...this.unsettled].slice(0, 3), ...missing];
    if (open.length > 0) return [inconclusive(`${NOT_OBSERVED}: ${open.join('; ')} (${this.judged} judged, all held)`)];
    return [passed([`${this.judged} judged in the traffic`, ...this.notes].join('; '))];
  }
}
