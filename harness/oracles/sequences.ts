/** Index of the first position where two lists differ (-1 when equal). */
export function firstDifference(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

export const sameSequence = (a: readonly unknown[], b: readonly unknown[]): boolean => firstDifference(a, b) < 0;

/** A short account of where two ID lists part (for evidence). */
export function describeDifference(a: readonly unknown[], b: readonly unknown[]): string {
  const at = firstDifference(a, b);
  if (at < 0) return 'identical';
  return `${a.length} vs ${b.length} IDs; first difference at position ${at}: ${JSON.stringify(a[at])} vs ${JSON.stringify(b[at])}`;
}
