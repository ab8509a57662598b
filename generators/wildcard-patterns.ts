import fc from 'fast-check';

/** The four shapes of a wildcard pattern built from a discovered value. */
export type PatternShape = 'prefix*' | '*suffix' | '*middle*' | 'a*b';

export interface WildcardPattern {
  /** The discovered value the pattern was cut from. */
  from: string;
  shape: PatternShape;
  pattern: string;
}

/** Whether a discovered value can give patterns: text of two characters or more, no *, no edge spaces. */
export const patternSource = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 2 && !value.includes('*') && value.trim() === value;

/**
 * Patterns with `*` cut from a value: prefix*, *suffix, *middle*, a*b. Every literal piece is a
 * non-empty part of the value, so the value itself always matches its pattern.
 */
export function wildcardPattern(value: string): fc.Arbitrary<WildcardPattern> {
  const n = value.length;
  const cut = fc.integer({ min: 1, max: n - 1 });
  const make = (shape: PatternShape, pattern: string): WildcardPattern => ({ from: value, shape, pattern });
  return fc.oneof(
    cut.map((k) => make('prefix*', `${value.slice(0, k)}*`)),
    cut.map((k) => make('*suffix', `*${value.slice(k)}`)),
    fc
      .tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 1, max: n }))
      .filter(([i, j]) => i < j)
      .map(([i, j]) => make('*middle*', `*${value.slice(i, j)}*`)),
    fc
      .tuple(cut, cut)
      .map(([i, j]) => (i <= j ? [i, j] : [j, i]) as [number, number])
      .map(([i, j]) => make('a*b', `${value.slice(0, i)}*${value.slice(j)}`)),
  );
}
