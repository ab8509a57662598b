/**
 * title/subject matching: with `*`, the whole value must match, each `*` standing for any run of characters;
 * without `*`, the value must contain the text. Both case-insensitive, unless caseSensitive (search.match-case=case-sensitive).
 * unanchored (emails.wildcard-anchoring=any-part): a pattern with `*` may match any part of the value.
 * literalStars (the wildcard faults): `*` is an ordinary character.
 *
 * A pattern with `*` is never compiled into one expression (`^a.*.*b$` backtracks: 30 stars and a value that
 * does not match stalled the mock for minutes). It is matched piece by piece (`glob-pieces.ts`), in time linear
 * in the value for each piece.
 */
import { globMatcher } from './glob-pieces';

export function textMatcher(pattern: string, literalStars = false, caseSensitive = false, unanchored = false): (text: string) => boolean {
  if (pattern.includes('*') && !literalStars) {
    return globMatcher(pattern.split('*').map((piece) => literalPiece(piece)), { caseSensitive, anchored: !unanchored });
  }
  if (caseSensitive) return (text) => text.includes(pattern);
  const needle = pattern.toLowerCase();
  return (text) => text.toLowerCase().includes(needle);
}

/** One piece between two `*`: its characters stand for themselves. */
function literalPiece(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
