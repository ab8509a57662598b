/**
 * Which failures gate a run's exit code: every failing rule (`--fail-on any`, the default), or only the failing
 * cases a baseline does not excuse (`--fail-on new`: new entries, and entries whose rule changed since the
 * baseline); with `--fail-on drift` also every silent point whose reading drifted; with `--flaky=warn`, failures
 * that did not reproduce on every replay (flaky, not reproduced) warn and gate nothing. Pure.
 */
import type { ConformanceReport, RuleResult } from '../types';
import type { ReleaseComparison } from './release-compare';

export interface FailOn {
  /** `any`: every failing rule gates; `new`: only what the baseline does not excuse. */
  failures: 'any' | 'new';
  /** Drift at a silent point gates too. */
  drift: boolean;
}

export type FlakyPolicy = 'fail' | 'warn';

/** --fail-on any|new|drift, or a comma list (`new,drift`); `drift` alone keeps `any` for failures. */
export function parseFailOn(text: string | undefined): FailOn | string {
  const parts = (text ?? 'any').split(',').map((part) => part.trim()).filter(Boolean);
  const unknown = parts.filter((part) => !['any', 'new', 'drift'].includes(part));
  if (unknown.length || parts.length === 0) return `--fail-on ${text}: use any, new, drift or a comma list (new,drift)`;
  if (parts.includes('any') && parts.includes('new')) return `--fail-on ${text}: any and new exclude each other`;
  return { failures: parts.includes('new') ? 'new' : 'any', drift: parts.includes('drift') };
}

export interface Gate {
  /** How many things gate exit 1; undefined: the default gate (every failing rule, or nothing judged). */
  gating?: number;
  notes: string[];
}

const unreproduced = (rule: Pick<RuleResult, 'replays'>) => rule.replays?.label === 'flaky' || rule.replays?.label === 'not reproduced';

export function releaseGate(report: Pick<ConformanceReport, 'rules'>, comparison: ReleaseComparison | undefined, failOn: FailOn, flaky: FlakyPolicy): Gate {
  const notes: string[] = [];
  const warned = flaky === 'warn' ? report.rules.filter((rule) => rule.verdict === 'fail' && unreproduced(rule)) : [];
  if (warned.length) notes.push(`conformance: ${warned.length} failing rule(s) did not reproduce on every replay and only warn (--flaky=warn): ${warned.map((rule) => rule.id).join(', ')}`);
  const excused = new Set(warned.map((rule) => rule.id));
  const drift = failOn.drift && comparison ? comparison.silentPoints.drift.length : 0;
  if (drift) notes.push(`conformance: ${drift} silent point(s) drifted since the baseline (--fail-on drift)`);
  if (failOn.failures === 'new' && comparison) {
    const gating = [...comparison.newEntries, ...comparison.ruleChanged].filter((entry) => !excused.has(entry.rule));
    return { gating: gating.length + drift, notes };
  }
  if (!warned.length && !drift) return { notes };
  const failing = report.rules.filter((rule) => rule.verdict === 'fail' && !excused.has(rule.id)).length;
  const judged = report.rules.some((rule) => rule.verdict === 'pass' || rule.verdict === 'fail');
  const nothingJudged = !judged && report.rules.some((rule) => rule.verdict === 'inconclusive');
  return { gating: failing + drift + (nothingJudged ? 1 : 0), notes };
}
