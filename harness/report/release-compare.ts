/**
 * A run compared with a baseline (an earlier conformance.json) case by case, for release verification: each
 * failing case is an entry (rule, operation, case key: case-key.ts). An entry failing now that the baseline does
 * not hold is new, also for a rule the baseline knew failing another way; a baseline entry failing again is still
 * failing, excused, unless its rule changed since the baseline was made (rule-basis.ts), when it is reported as
 * "rule changed since the baseline" and excuses nothing; a baseline entry whose rule passes now is fixed; one the
 * run could not judge (the rule inconclusive, skipped, errored, gone, or failing on another case) is stale.
 * Besides: the failures that did not reproduce on every replay (flaky), and drift at the silent points. Pure.
 */
import type { ConformanceReport, FailingCase, ReplayOutcome, RuleResult, RuleView } from '../types';
import { compareWithBaseline, type BaselineComparison } from './baseline';
import { failingCaseOf, type OperationFacts } from './case-key';
import { compareSilentPoints, type SilentPointComparison } from './drift';
import { ruleChanges } from './rule-basis';
import type { SpecChange } from './spec-change';

/** One failing case of a rule: what a baseline holds. */
export interface CaseEntry extends FailingCase {
  rule: string;
}

export interface FailingEntry extends CaseEntry {
  /** The failing rule's reason, for the reader. */
  reason?: string;
  replays?: ReplayOutcome;
}

export interface ReleaseComparison {
  /** Failing now, not in the baseline: they gate `--fail-on new`. */
  newEntries: (FailingEntry & { ruleFailedBefore: boolean })[];
  /** In the baseline and failing again, the rule unchanged: excused. */
  stillFailing: FailingEntry[];
  /** In the baseline and failing again, but the rule changed since: not excused, they gate `--fail-on new`. */
  ruleChanged: (FailingEntry & { changes: SpecChange[] })[];
  /** Baseline entries whose rule passes now. */
  fixed: CaseEntry[];
  /** Baseline entries this run could not judge, with why. */
  stale: (CaseEntry & { why: string })[];
  /** Failing entries of this run whose failure did not reproduce on every replay (flaky, or not reproduced). */
  flaky: FailingEntry[];
  /** The spec or rule file differs from the baseline's (their hashes); undefined when the baseline records none. */
  specChanged?: { openapi: boolean; rules: boolean };
  /** Rule-level verdict changes (harness/report/baseline.ts). */
  verdicts: BaselineComparison;
  silentPoints: SilentPointComparison;
}

export interface CompareContext {
  /** The operations of the spec, to key the failures of a report that carries no keys (older reports). */
  operations: readonly OperationFacts[];
  /** A rule's view under the spec and rules of this run (absent: the rule is gone). */
  currentView: (ruleId: string) => RuleView | undefined;
  /** The hashes of this run's spec and rule files (the run's own specBasis when it has one). */
  hashes?: { openapiSha256: string; rulesSha256: string };
}

export function compareRelease(current: ConformanceReport, baseline: ConformanceReport, context: CompareContext): ReleaseComparison {
  const now = failingEntries(current, context.operations);
  const before = failingEntries(baseline, context.operations);
  const beforeIds = new Set(before.map(entryId));
  const nowIds = new Set(now.map(entryId));
  const failedBefore = new Set(before.map((entry) => entry.rule));
  const hashes = context.hashes ?? (current.specBasis ? { openapiSha256: current.specBasis.openapiSha256, rulesSha256: current.specBasis.rulesSha256 } : undefined);
  const basis = baseline.specBasis;
  const specChanged = basis && hashes ? { openapi: basis.openapiSha256 !== hashes.openapiSha256, rules: basis.rulesSha256 !== hashes.rulesSha256 } : undefined;
  const unchangedFiles = specChanged !== undefined && !specChanged.openapi && !specChanged.rules;

  const changesOf = new Map<string, SpecChange[]>();
  const changed = (rule: string): SpecChange[] => {
    if (unchangedFiles) return [];
    const old = basis?.rules[rule];
    if (!old) return [];
    if (!changesOf.has(rule)) changesOf.set(rule, ruleChanges(old, context.currentView(rule)));
    return changesOf.get(rule)!;
  };

  const comparison: ReleaseComparison = {
    newEntries: [],
    stillFailing: [],
    ruleChanged: [],
    fixed: [],
    stale: [],
    flaky: now.filter((entry) => entry.replays && (entry.replays.label === 'flaky' || entry.replays.label === 'not reproduced')),
    ...(specChanged ? { specChanged } : {}),
    verdicts: compareWithBaseline(current, baseline),
    silentPoints: compareSilentPoints(current.silentPoints, baseline.silentPoints),
  };
  for (const entry of now) {
    if (!beforeIds.has(entryId(entry))) {
      comparison.newEntries.push({ ...entry, ruleFailedBefore: failedBefore.has(entry.rule) });
      continue;
    }
    const changes = changed(entry.rule);
    if (changes.length) comparison.ruleChanged.push({ ...entry, changes });
    else comparison.stillFailing.push(entry);
  }
  const verdictNow = new Map(current.rules.map((rule) => [rule.id, rule] as const));
  for (const entry of before) {
    if (nowIds.has(entryId(entry))) continue;
    const rule = verdictNow.get(entry.rule);
    const plain = { rule: entry.rule, operation: entry.operation, key: entry.key };
    if (rule?.verdict === 'pass') comparison.fixed.push(plain);
    else comparison.stale.push({ ...plain, why: staleWhy(rule) });
  }
  return comparison;
}

/** Every failing case of a report: each failing rule's keyed cases, or (an older report) one case keyed from its evidence now. */
export function failingEntries(report: ConformanceReport, operations: readonly OperationFacts[]): FailingEntry[] {
  const entries: FailingEntry[] = [];
  for (const rule of report.rules) {
    if (rule.verdict !== 'fail') continue;
    const cases = rule.cases?.length ? rule.cases : [failingCaseOf({ id: rule.id, operations: operationsOfRule(rule, operations) }, rule.evidence, operations)];
    const seen = new Set<string>();
    for (const found of cases) {
      const entry: FailingEntry = { rule: rule.id, operation: found.operation, key: found.key, ...(rule.reason ? { reason: rule.reason } : {}), ...(rule.replays ? { replays: rule.replays } : {}) };
      if (seen.has(entryId(entry))) continue;
      seen.add(entryId(entry));
      entries.push(entry);
    }
  }
  return entries;
}

/** An entry's identity: rule, operation and case key. */
export function entryId(entry: CaseEntry): string {
  return `${entry.rule} ${entry.operation} ${entry.key}`;
}

function staleWhy(rule: RuleResult | undefined): string {
  if (!rule) return 'the rule is gone from the catalogue';
  if (rule.verdict === 'fail') return 'the rule failed on another case this run: this one was not judged';
  return `the rule is ${rule.verdict} this run${rule.reason ? ` (${oneLine(rule.reason)})` : ''}`;
}

/** An older report names no operations per rule: the operation of an area-named rule is its area when the spec holds it. */
function operationsOfRule(rule: RuleResult, operations: readonly OperationFacts[]): string[] {
  const named = operations.map((operation) => operation.key).filter((key) => rule.id === `schema.${key}` || rule.id.startsWith(`${key}.`) || rule.area === key);
  return named;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 90 ? `${flat.slice(0, 87)}...` : flat;
}
