/**
 * Text a search parameter is probed with: what means something to common back ends (SQL LIKE `%` and
 * `_`, quotes, backslash, regex and glob metacharacters, `*`), letter case and non-ASCII, alone or inside
 * pieces of real values, so that a back end reading the text as a pattern returns what the literal reading
 * does not, and results are often not empty.
 */
import fc from 'fast-check';
import { nameFragment } from './name-fragments';

/** Characters with a meaning to a database, a regex or a glob engine. */
export const META_CHARACTERS = ['%', '_', "'", '"', '\\', '*', '?', '.', '[', ']', '(', ')', '^', '$', '+', '|', '{', '}'] as const;

/** Letters outside ASCII (accented, sharp s, dotted I, CJK) and plain ones; no space, so that text never starts or ends with one (whether a target trims is not written). */
const LETTERS = ['a', 'e', 'S', 'z', 'é', 'Ö', 'ß', 'İ', 'ø', '中'] as const;

const meta = fc.constantFrom(...META_CHARACTERS);

/** The characters that stand for other characters in SQL LIKE, regular expressions or globs. */
export const WILDCARD_CHARACTERS = ['%', '_', '*', '?', '.'] as const;

/** Short text from the letters and metacharacters. */
const anyText = fc.array(fc.oneof(meta, fc.constantFrom(...LETTERS)), { minLength: 1, maxLength: 4 }).map((chars) => chars.join(''));

/**
 * A piece of a real value changed by one metacharacter: one character replaced (a single-character
 * wildcard would still match), inserted between two characters (a many-character wildcard would), or
 * put at an end.
 */
function alteredFragment(fragment: fc.Arbitrary<string>, metaChars: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(fragment, metaChars, fc.nat(), fc.constantFrom('replace', 'insert', 'prefix', 'suffix')).map(([text, char, at, how]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    if (how === 'replace') return text.slice(0, i) + char + text.slice(i + 1);
    if (how === 'insert') return text.slice(0, i) + char + text.slice(i);
    return how === 'prefix' ? char + text : text + char;
  });
}

/**
 * Text to probe a search with, built around `values` (names or titles of the target's records): a piece
 * of a value as is (in assorted letter case), the piece changed by a metacharacter, or short text from
 * the probe alphabet.
 */
export function textProbe(values: readonly string[]): fc.Arbitrary<string> {
  const pieces = values.some((value) => value.trim().length >= 2) ? nameFragment(values) : fc.constant('ab');
  // Mostly the wildcards of some back end (a piece changed by one still matches under that reading), else any metacharacter.
  const inside = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...WILDCARD_CHARACTERS) }, { weight: 1, arbitrary: meta });
  return fc.oneof(
    { weight: 2, arbitrary: pieces },
    { weight: 4, arbitrary: alteredFragment(pieces, inside) },
    { weight: 1, arbitrary: anyText },
  );
}
