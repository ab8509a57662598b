import fc from 'fast-check';

/** Letter-case variants a fragment is sent in. */
export type CaseMode = 'as-is' | 'lower' | 'upper';
const applyCase = (text: string, mode: CaseMode): string => (mode === 'lower' ? text.toLowerCase() : mode === 'upper' ? text.toUpperCase() : text);

/**
 * Fragments of discovered names: a substring of 2 to 8 characters from anywhere in a name (trimmed), sent
 * as is, lower or upper case. Whole names are included too.
 */
export function nameFragment(names: readonly string[]): fc.Arbitrary<string> {
  const usable = names.filter((n) => n.trim().length >= 2);
  if (usable.length === 0) return fc.constant('');
  return fc
    .tuple(fc.constantFrom(...usable), fc.nat(), fc.integer({ min: 2, max: 8 }), fc.constantFrom<CaseMode>('as-is', 'lower', 'upper'), fc.boolean())
    .map(([name, at, length, mode, whole]) => {
      if (whole) return applyCase(name, mode);
      const start = at % Math.max(1, name.length - 1);
      const piece = name.slice(start, start + length).trim();
      return applyCase(piece.length >= 2 ? piece : name, mode);
    });
}
