/**
 * title/subject matching: with `*`, the whole value must match, each `*` standing for any run of characters;
 * without `*`, the value must contain the text. Both case-insensitive, unless caseSensitive (search.match-case=case-sensitive).
 * unanchored (emails.wildcard-anchoring=any-part): a pattern with `*` may match any part of the value.
 * literalStars (the wildcard faults): `*` is an ordinary character.
 */
export function textMatcher(pattern: string, literalStars = false, caseSensitive = false, unanchored = false): (text: string) => boolean {
  if (pattern.includes('*') && !literalStars) {
    const source = pattern.split('*').map(escapeRegExp).join('.*');
    const expression = new RegExp(unanchored ? source : `^${source}$`, caseSensitive ? 's' : 'is');
    return (text) => expression.test(text);
  }
  if (caseSensitive) return (text) => text.includes(pattern);
  const needle = pattern.toLowerCase();
  return (text) => text.toLowerCase().includes(needle);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
