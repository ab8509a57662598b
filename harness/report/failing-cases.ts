import type { FailingCase, Rule, RuleResult, Verdict } from '../types';
import { failingCaseOf, type OperationFacts } from './case-key';

/**
 * The failing cases of a failing rule, one per distinct case key among its failing verdicts (each test that
 * failed it may have failed it on another request), in the order the tests ended.
 */
export function failingCasesOf(rule: Pick<Rule, 'id' | 'operations'>, verdicts: readonly Verdict[], operations: readonly OperationFacts[]): FailingCase[] {
  const cases = new Map<string, FailingCase>();
  for (const verdict of verdicts) {
    if (verdict.rule !== rule.id || verdict.verdict !== 'fail') continue;
    const found = failingCaseOf(rule, verdict.evidence, operations);
    cases.set(`${found.operation} ${found.key}`, found);
  }
  return [...cases.values()];
}

/** The rules of a run with their failing cases keyed. */
export function withFailingCases(rules: readonly RuleResult[], catalogue: readonly Rule[], verdicts: readonly Verdict[], operations: readonly OperationFacts[]): RuleResult[] {
  const byId = new Map(catalogue.map((rule) => [rule.id, rule] as const));
  return rules.map((result) => {
    const rule = byId.get(result.id);
    if (result.verdict !== 'fail' || !rule) return result;
    const cases = failingCasesOf(rule, verdicts, operations);
    return cases.length ? { ...result, cases } : result;
  });
}
