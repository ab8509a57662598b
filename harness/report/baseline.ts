import type { ConformanceReport, VerdictKind } from '../types';

export interface VerdictChange {
  id: string;
  before: VerdictKind | 'absent';
  after: VerdictKind | 'absent';
}

export interface BaselineComparison {
  /** Rules failing now that did not fail in the baseline. */
  newlyFailing: VerdictChange[];
  /** Rules passing now that did not pass in the baseline. */
  newlyPassing: VerdictChange[];
  /** Every rule whose verdict differs, the lists above and below included. */
  changed: VerdictChange[];
  /** Rules judged now that the baseline did not hold. */
  added: string[];
  /** Rules the baseline held that this run does not. */
  removed: string[];
}

/** Compares a run with an earlier one, rule by rule. */
export function compareWithBaseline(current: ConformanceReport, baseline: ConformanceReport): BaselineComparison {
  const before = new Map(baseline.rules.map((r) => [r.id, r.verdict] as const));
  const now = new Set(current.rules.map((r) => r.id));
  const changed: VerdictChange[] = [];
  for (const rule of current.rules) {
    const was = before.get(rule.id) ?? 'absent';
    if (was !== rule.verdict) changed.push({ id: rule.id, before: was, after: rule.verdict });
  }
  for (const rule of baseline.rules) {
    if (!now.has(rule.id)) changed.push({ id: rule.id, before: rule.verdict, after: 'absent' });
  }
  return {
    newlyFailing: changed.filter((c) => c.after === 'fail'),
    newlyPassing: changed.filter((c) => c.after === 'pass'),
    changed,
    added: changed.filter((c) => c.before === 'absent').map((c) => c.id),
    removed: changed.filter((c) => c.after === 'absent').map((c) => c.id),
  };
}

/** The comparison as console text. */
export function renderBaselineComparison(comparison: BaselineComparison): string {
  if (comparison.changed.length === 0) return 'baseline: no verdict changed';
  const section = (title: string, changes: VerdictChange[]) =>
    changes.length ? [`${title} (${changes.length}):`, ...changes.map((c) => `  ${c.id}  ${c.before} -> ${c.after}`)] : [];
  const listed = new Set([...comparison.newlyFailing, ...comparison.newlyPassing]);
  const others = comparison.changed.filter((c) => !listed.has(c) && c.before !== 'absent' && c.after !== 'absent');
  return [
    `baseline: ${comparison.changed.length} verdicts changed`,
    ...section('newly failing', comparison.newlyFailing),
    ...section('newly passing', comparison.newlyPassing),
    ...section('other changes', others),
    ...(comparison.added.length ? [`rules new since the baseline: ${comparison.added.join(', ')}`] : []),
    ...(comparison.removed.length ? [`rules gone since the baseline: ${comparison.removed.join(', ')}`] : []),
  ].join('\n');
}
