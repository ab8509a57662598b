import type { VerdictKind } from '../types';

/** Verdicts in the order a reader meets them: what needs attention first. */
export const VERDICTS: readonly VerdictKind[] = ['fail', 'error', 'inconclusive', 'pass', 'skipped'];

/** The word shown for a verdict wherever colour alone would not tell. */
export const VERDICT_LABEL: Record<VerdictKind, string> = {
  fail: 'FAIL',
  error: 'HARNESS ERROR',
  inconclusive: 'INCONCLUSIVE',
  pass: 'PASS',
  skipped: 'SKIPPED',
};

/** A sign that keeps verdicts apart in monochrome print and for colour-blind readers. */
export const VERDICT_SIGN: Record<VerdictKind, string> = {
  fail: '✗',
  error: '!',
  inconclusive: '?',
  pass: '✓',
  skipped: '–',
};

/** "12 pass, 1 fail, ..." in the fixed order of VERDICTS ("harness error" only when there is one: reports before it have no such count). */
export function countsInWords(counts: Partial<Record<VerdictKind, number>>): string {
  return VERDICTS.filter((v) => v !== 'error' || (counts.error ?? 0) > 0)
    .map((v) => `${counts[v] ?? 0} ${v === 'error' ? 'harness error' : v}`)
    .join(', ');
}

/** Milliseconds as "4m 12s" or "850 ms". */
export function durationInWords(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds}s` : `${minutes}m ${seconds % 60}s`;
}
