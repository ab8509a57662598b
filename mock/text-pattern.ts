/**
 * title/subject matching: with `*`, the whole value must match, each `*` standing for any run of characters;
 * without `*`, the value must contain the text. Both case-insensitive.
 * literalStars (the wildcard faults): `*` is an ordinary character.
 */
export function textMatcher(pattern: string, literalStars = false): (text: string) => boolean {
  if (pattern.includes('*') && !literalStars) {
    const source = pattern.split('*').map(escapeRegExp).join('.*');
    const expression = new RegExp(`^${source}$`, 'is');
    return (text) => expression.test(text);
  }
  const needle = pattern.toLowerCase();
  return (text) => text.toLowerCase().includes(needle);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
