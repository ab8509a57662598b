/**
 * Matching a glob whose pieces are joined by "any run of characters" (`*` of a title pattern, `%` of a SQL
 * LIKE pattern), without one expression over the whole pattern: such an expression (`^a.*.*b$`) backtracks,
 * its cost growing with the power of the number of runs.
 *
 * Each piece is a small regular-expression source that matches a fixed number of UTF-16 units (escaped
 * literals, and `.` for any one character), so a match of it is found in time linear in the value (times
 * the piece's length). For such pieces the leftmost match of each piece, in order, is the best choice: a
 * piece that ends earlier leaves more room to the rest. Case is folded by the expressions' own `i` flag
 * (without `u`), exactly as the single expression folded it.
 *
 * anchored: the first piece must match at the start of the value and the last at its end; otherwise the
 * pieces may lie anywhere, in order.
 */
export interface GlobOptions {
  caseSensitive: boolean;
  anchored: boolean;
}

export function globMatcher(pieces: readonly string[], { caseSensitive, anchored }: GlobOptions): (text: string) => boolean {
  const flags = caseSensitive ? 's' : 'is';
  // Sticky: matches exactly at lastIndex. Global: the first match at or after lastIndex.
  const sticky = pieces.map((piece) => new RegExp(piece, `${flags}y`));
  const onward = pieces.map((piece) => new RegExp(piece, `${flags}g`));
  const widths = pieces.map((piece) => fixedWidth(piece));
  const last = pieces.length - 1;

  const at = (index: number, text: string, position: number): boolean => {
    const expression = sticky[index]!;
    expression.lastIndex = position;
    return expression.test(text);
  };
  /** The end of the leftmost match of a piece at or after position, or -1. */
  const after = (index: number, text: string, position: number): number => {
    if (widths[index] === 0) return position;
    const expression = onward[index]!;
    expression.lastIndex = position;
    const found = expression.exec(text);
    return found ? found.index + found[0].length : -1;
  };

  return (text) => {
    let position = 0;
    let from = 0;
    let to = last;
    if (anchored) {
      if (last === 0) return text.length === widths[0] && at(0, text, 0);
      if (!at(0, text, 0)) return false;
      const end = text.length - widths[last]!;
      if (end < widths[0]! || !at(last, text, end)) return false;
      position = widths[0]!;
      from = 1;
      to = last - 1;
      for (let index = from; index <= to; index++) {
        position = after(index, text, position);
        if (position < 0 || position > end) return false;
      }
      return true;
    }
    for (let index = from; index <= to; index++) {
      position = after(index, text, position);
      if (position < 0) return false;
    }
    return true;
  };
}

/** How many UTF-16 units a piece matches: each escaped or plain character, and each `.`, is one. */
function fixedWidth(piece: string): number {
  let width = 0;
  for (let index = 0; index < piece.length; index++) {
    if (piece[index] === '\\') index++;
    width++;
  }
  return width;
}
