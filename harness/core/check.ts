import type { ApiClient } from './client';
import type { Target } from './config';
import type { CreatedContactsLog } from './created-contacts';
import type { Observation } from './observation';
import type { RuleJudge } from './rule-judge';
import type { TrafficContext } from './traffic';
import { findRule } from '../contract';

/** What a check's `run` is handed: the target, the one client, and a judge bound to the check's rule. */
export interface CheckContext {
  target: Target;
  api: ApiClient;
  /** Records this check's verdicts; the rule ID comes from the check, never retyped. */
  judge: RuleJudge;
  createdContacts: CreatedContactsLog;
  /** The value of a shared observation (computed once per worker, its side verdicts replayed into this check). */
  observe<T>(observation: Observation<T>): Promise<T>;
}

/** One rule's check: `checks/<area>/<rule-id>.ts` default-exports `defineCheck({ rule, title, run })`. */
export interface Check {
  /** The rule of spec/rules.yaml this check judges; its Playwright tag, needs and verdicts derive from it. */
  readonly rule: string;
  /** What should hold, as the test title ("rpp within bounds is accepted, outside refused"). */
  readonly title: string;
  run(ctx: CheckContext): Promise<void> | void;
  /**
   * Judges the rule on recorded traffic (`--har`, the proxy) instead of requests of its own. Absent: the
   * rule is `inconclusive` "not observed in the traffic" in those modes.
   */
  traffic?(ctx: TrafficContext): Promise<void> | void;
}

/** Declares a rule's check; an unknown rule ID throws when the check file loads (typos are loud). */
export function defineCheck(check: Check): Check {
  if (!findRule(check.rule)) throw new Error(`defineCheck: "${check.rule}" is no rule of spec/rules.yaml`);
  return Object.freeze({ ...check });
}
