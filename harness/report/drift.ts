/**
 * Drift between two runs at the silent points of the documents (spec/silent-points.yaml): a point both runs
 * observed whose readings differ. A point observed in one run only is listed apart, never as drift (the other
 * run could not see it: another selection, another target's data). Pure.
 */
import type { SilentPointDrift as PointDrift, SilentPointObservation, SilentPointObservedOnce as ObservedOnce } from '../types';

export interface SilentPointComparison {
  drift: PointDrift[];
  observedOnce: ObservedOnce[];
  /** Points observed in both runs with the same readings. */
  unchanged: string[];
}

/** Compares the silent-point observations of a run with a baseline's; a report without them observed nothing. */
export function compareSilentPoints(current: readonly SilentPointObservation[] | undefined, baseline: readonly SilentPointObservation[] | undefined): SilentPointComparison {
  const observed = (list: readonly SilentPointObservation[] | undefined) =>
    new Map((list ?? []).filter((item) => item.readings.length > 0).map((item) => [item.point, item] as const));
  const before = observed(baseline);
  const after = observed(current);
  const drift: PointDrift[] = [];
  const observedOnce: ObservedOnce[] = [];
  const unchanged: string[] = [];
  for (const point of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const old = before.get(point);
    const now = after.get(point);
    if (old && now) {
      const was = sorted(old.readings);
      const is = sorted(now.readings);
      if (was.join('\n') === is.join('\n')) unchanged.push(point);
      else drift.push({ point, sentence: now.sentence || old.sentence, before: was, after: is, evidenceBefore: old.evidence, evidenceAfter: now.evidence });
    } else {
      const seen = (old ?? now)!;
      observedOnce.push({ point, sentence: seen.sentence, in: old ? 'baseline' : 'this run', readings: sorted(seen.readings) });
    }
  }
  return { drift, observedOnce, unchanged };
}

/** Drift as console lines (empty when none). */
export function renderDrift(comparison: SilentPointComparison): string[] {
  const lines: string[] = [];
  if (comparison.drift.length) {
    lines.push(`drift at silent points (${comparison.drift.length}): what the documents leave open, chosen otherwise than in the baseline`);
    for (const item of comparison.drift) {
      lines.push(`  ${item.point}: ${readings(item.before)} -> ${readings(item.after)}`, `      the documents: ${item.sentence}`);
      for (const line of item.evidenceBefore) lines.push(`      before: ${line}`);
      for (const line of item.evidenceAfter) lines.push(`      now:    ${line}`);
    }
  }
  if (comparison.observedOnce.length) {
    lines.push(`observed in one run only (${comparison.observedOnce.length}), not drift:`);
    for (const item of comparison.observedOnce) lines.push(`  ${item.point}: ${readings(item.readings)} (${item.in} only)`);
  }
  return lines;
}

export function readings(list: readonly string[]): string {
  return list.length ? list.join(' + ') : 'not observed';
}

function sorted(list: readonly string[]): string[] {
  return [...list].sort();
}
