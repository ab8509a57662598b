import type fc from 'fast-check';
import type { Evidence, Verdict } from '../types';
import type { ApiResponse } from './api-response';
import type { CheckDetails, Judge, PropertyOptions } from './judge';
import type { Sample } from './property';

/** The judge of one rule: every verdict call of a check, without the rule ID. */
export interface RuleJudge {
  readonly rule: string;
  pass(note?: string): void;
  fail(reason: string, evidence: Evidence[] | ApiResponse): void;
  inconclusive(reason: string, evidence?: Evidence[]): void;
  skip(reason: string): void;
  /** Records a verdict the judge built whole (its evidence, tolerated quirks, a harness error), for this rule. */
  record(verdict: Omit<Verdict, 'rule'>): void;
  /** Passes when the condition holds, fails with expected vs actual otherwise; returns the condition. */
  check(condition: boolean, details: CheckDetails): boolean;
  /** A fast-check property with the run's seed, path and runs (EMS_SEED, EMS_PATH, EMS_RUNS). */
  property<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T, sample: Sample) => Promise<void> | void, options?: PropertyOptions): Promise<void>;
}

/** Binds a test's judge to one rule. */
export function ruleJudge(judge: Judge, rule: string): RuleJudge {
  return {
    rule,
    pass: (note) => judge.pass(rule, note),
    fail: (reason, evidence) => judge.fail(rule, reason, evidence),
    inconclusive: (reason, evidence) => judge.inconclusive(rule, reason, evidence),
    skip: (reason) => judge.skip(rule, reason),
    record: (verdict) => judge.record({ ...verdict, rule }),
    check: (condition, details) => judge.check(rule, condition, details),
    property: (arbitrary, predicate, options) => judge.property(rule, arbitrary, predicate, options),
  };
}
