import type { ConformanceReport, VerdictKind } from '../../harness/types';
import type { Fault } from '../../mock';

/**
 * The matrix's judgement, from two reports of the same selection: a fault is caught when its rule is
 * `fail` and no rule outside its area turned `fail` or `inconclusive` compared with the clean run, and no
 * rule at all turned `error` (a harness error under a fault is never collateral); a clean run is clean
 * when no rule fails, none hit a harness error and none is inconclusive.
 */

export type Status = 'caught' | 'missed' | 'over-reported' | 'error';

export interface Change {
  rule: string;
  before: VerdictKind;
  after: VerdictKind;
}

export interface FaultResult {
  fault: string;
  rule: string;
  area: string;
  status: Status;
  /** The fault rule's verdict and reason in the faulty run. */
  verdict?: VerdictKind;
  reason?: string;
  /** Rules outside the area that turned fail or inconclusive, and any rule that turned error (a harness error). */
  overReported: Change[];
  /** Same-area collateral: other rules of the fault's area that changed verdict (printed as a note). */
  notes: Change[];
  /** Outside rules that changed harmlessly (judged on the side or no longer: pass <-> skipped); JSON only. */
  sideChanges: Change[];
  durationMs: number;
  /** The readings of the silent points the fault run's mock took over the default ones (drawn; --json). */
  readings?: Record<string, string>;
}

/** What one run of the matrix left: its report, or why there is none. */
export interface RunOutcome {
  report?: ConformanceReport;
  error?: string;
  durationMs: number;
}

export interface CleanResult {
  scope: string;
  ok: boolean;
  problems: { rule: string; verdict: VerdictKind; reason?: string }[];
  error?: string;
  durationMs: number;
}

/** A fault's result from the clean baseline of its selection (baselineOfSelection: the clean run's) and the run with the fault on. */
export function judgeFault(fault: Fault, area: string, areaOf: ReadonlyMap<string, string>, before: RunOutcome, after: RunOutcome): FaultResult {
  const base = { fault: fault.name, rule: fault.rule, area, overReported: [], notes: [], sideChanges: [], durationMs: after.durationMs };
  if (!before.report) return { ...base, status: 'error', reason: `the clean baseline of ${area} has no report: ${before.error}` };
  if (!after.report) return { ...base, status: 'error', reason: `no report: ${after.error}` };
  const was = verdicts(before.report);
  const now = verdicts(after.report);
  const overReported: Change[] = [];
  const notes: Change[] = [];
  const sideChanges: Change[] = [];
  for (const [rule, after] of now) {
    const before = was.get(rule);
    if (rule === fault.rule || !before || before.verdict === after.verdict) continue;
    const change = { rule, before: before.verdict, after: after.verdict };
    if (after.verdict === 'error') overReported.push(change);
    else if (areaOf.get(rule) === area) notes.push(change);
    else if (after.verdict === 'inconclusive' && fault.undecides?.includes(rule)) notes.push(change);
    else if (after.verdict === 'fail' || after.verdict === 'inconclusive') overReported.push(change);
    else sideChanges.push(change);
  }
  const target = now.get(fault.rule);
  const result = { ...base, verdict: target?.verdict, reason: target?.reason, overReported, notes, sideChanges };
  if (target?.verdict !== 'fail') return { ...result, status: 'missed' };
  return { ...result, status: overReported.length > 0 ? 'over-reported' : 'caught' };
}

/**
 * The clean run of every suite as the baseline of a selection (its areas): the rules of the selection keep the
 * clean run's verdicts, every other rule is skipped, as in a clean run of the selection itself. The clean run
 * selects a superset, so a selection needs no clean run of its own (the full matrix runs one clean run in all).
 */
export function baselineOfSelection(clean: RunOutcome, areas: readonly string[]): RunOutcome {
  if (!clean.report) return clean;
  const rules = clean.report.rules.map((rule) => (areas.includes(rule.area) ? rule : { ...rule, verdict: 'skipped' as const, reason: 'not selected in this run' }));
  return { ...clean, report: { ...clean.report, rules } };
}

/** A fault whose area no test selects: missed. */
export function noTests(fault: Fault, area: string): FaultResult {
  return { fault: fault.name, rule: fault.rule, area, status: 'missed', reason: `no test selects area ${area}`, overReported: [], notes: [], sideChanges: [], durationMs: 0 };
}

function verdicts(report: ConformanceReport): Map<string, { verdict: VerdictKind; reason?: string }> {
  return new Map(report.rules.map((rule) => [rule.id, { verdict: rule.verdict, reason: rule.reason }]));
}

/** A clean run: no rule fails, none hit a harness error, none is inconclusive. */
export function cleanCheck(scope: string, run: RunOutcome): CleanResult {
  if (!run.report) return { scope, ok: false, problems: [], error: run.error, durationMs: run.durationMs };
  const problems = run.report.rules
    .filter((rule) => rule.verdict === 'fail' || rule.verdict === 'error' || rule.verdict === 'inconclusive')
    .map((rule) => ({ rule: rule.id, verdict: rule.verdict, reason: rule.reason }));
  return { scope, ok: problems.length === 0, problems, durationMs: run.durationMs };
}

/** With --area/--fault, the clean check is the area baselines: each clean, and at least one. */
export function cleanOfBaselines(runs: (readonly [string, RunOutcome])[]): CleanResult {
  const checks = runs.map(([area, run]) => cleanCheck(area, run));
  const errors = checks.filter((check) => check.error).map((check) => `${check.scope}: ${check.error}`);
  const problems = checks.flatMap((check) => check.problems.map((problem) => ({ ...problem, rule: `${problem.rule} [${check.scope} baseline]` })));
  return {
    scope: `the baselines of ${runs.map(([area]) => area).join(', ') || 'no area'}`,
    ok: errors.length === 0 && problems.length === 0 && runs.length > 0,
    problems,
    ...(errors.length ? { error: errors.join('; ') } : runs.length === 0 ? { error: 'no area has tests' } : {}),
    durationMs: checks.reduce((sum, check) => sum + check.durationMs, 0),
  };
}
