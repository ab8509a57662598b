// @silent-point emails.wildcard-anchoring search.match-case
/**
 * interface.md: "* is a wildcard". A pattern with * matches a whole value, * standing for any run of
 * characters (none included). Letter case is not documented: `matches` ignores case, `matchesExactCase`
 * does not, so a check can require what every reading requires and accept what any reading allows.
 *
 * The pattern is never one expression (`^a.*.*b$` backtracks: a title with 7 stars took a second, 30 would
 * never end). The literal pieces between the stars are found in order, each leftmost (the best choice for
 * pieces of fixed length: the earlier one ends, the more room the rest has); each piece is a small sticky or
 * global expression of one escaped literal, so letter case is folded exactly as the `i` flag folds it.
 */
interface PieceMatcher {
  /** Whether the piece lies exactly at position. */
  at(text: string, position: number): boolean;
  /** The end of the piece's first occurrence at or after position, or -1. */
  endAfter(text: string, position: number): number;
  readonly width: number;
}

function pieceMatcher(piece: string, flags: string): PieceMatcher {
  const source = piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sticky = new RegExp(source, `${flags}y`);
  const onward = new RegExp(source, `${flags}g`);
  return {
    width: piece.length,
    at(text, position) {
      sticky.lastIndex = position;
      return sticky.test(text);
    },
    endAfter(text, position) {
      if (piece.length === 0) return position;
      onward.lastIndex = position;
      return onward.test(text) ? onward.lastIndex : -1;
    },
  };
}

/** The pieces of the patterns met lately: a judge asks the same pattern of every record of an answer. */
const compiled = new Map<string, PieceMatcher[]>();
const COMPILED_KEPT = 256;

function piecesOf(pattern: string, flags: string): PieceMatcher[] {
  const key = `${flags}/${pattern}`;
  let pieces = compiled.get(key);
  if (!pieces) {
    if (compiled.size >= COMPILED_KEPT) compiled.clear();
    pieces = pattern.split('*').map((piece) => pieceMatcher(piece, flags));
    compiled.set(key, pieces);
  }
  return pieces;
}

function globMatches(value: string, pattern: string, flags: string, anchored: boolean): boolean {
  const pieces = piecesOf(pattern, flags);
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (!anchored) {
    let position = 0;
    for (const piece of pieces) {
      position = piece.endAfter(value, position);
      if (position < 0) return false;
    }
    return true;
  }
  if (pieces.length === 1) return value.length === first.width && first.at(value, 0);
  const end = value.length - last.width;
  if (end < first.width || !first.at(value, 0) || !last.at(value, end)) return false;
  let position = first.width;
  for (const piece of pieces.slice(1, -1)) {
    position = piece.endAfter(value, position);
    if (position < 0 || position > end) return false;
  }
  return true;
}

export const matchesWildcard = (value: unknown, pattern: string): boolean =>
  typeof value === 'string' && globMatches(value, pattern, 'is', true);

export const matchesWildcardExactCase = (value: unknown, pattern: string): boolean =>
  typeof value === 'string' && globMatches(value, pattern, 's', true);

/**
 * The widest reading of "Searches title; * is a wildcard": the pattern may match any part of the value
 * (a search, not an anchored match) and case is ignored. A value outside this reading matches under none.
 */
export const matchesWildcardAnywhere = (value: unknown, pattern: string): boolean =>
  typeof value === 'string' && globMatches(value, pattern, 'is', false);
