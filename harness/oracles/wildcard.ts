// @silent-point emails.wildcard-anchoring search.match-case
/**
 * interface.md: "* is a wildcard". A pattern with * matches a whole value, * standing for any run of
 * characters (none included). Letter case is not documented: `matches` ignores case, `matchesExactCase`
 * does not, so a check can require what every reading requires and accept what any reading allows.
 */
function toRegExp(pattern: string, flags: string, anchored = true): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return anchored ? new RegExp(`^${body}$`, flags) : new RegExp(body, flags);
}

export const matchesWildcard = (value: unknown, pattern: string): boolean =>
  typeof value === 'string' && toRegExp(pattern, 'is').test(value);

export const matchesWildcardExactCase = (value: unknown, pattern: string): boolean =>
  typeof value === 'string' && toRegExp(pattern, 's').test(value);

/**
 * The widest reading of "Searches title; * is a wildcard": the pattern may match any part of the value
 * (a search, not an anchored match) and case is ignored. A value outside this reading matches under none.
 */
export const matchesWildcardAnywhere = (value: unknown, pattern: string): boolean =>
  typeof value === 'string' && toRegExp(pattern, 'is', false).test(value);
