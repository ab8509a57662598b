import { globMatcher } from './glob-pieces';

/**
 * The groups-name-like-pattern fault: groupName read as a SQL LIKE pattern (% any run, _ any one character),
 * matching any part of a name. Matched piece by piece between the `%` (`glob-pieces.ts`): a run of `%`
 * leaves empty pieces, which cost nothing, so no pattern stalls the mock.
 */
export function likeExpression(text: string, caseSensitive: boolean): (name: string) => boolean {
  const pieces = text.split('%').map((piece) => [...piece].map((char) => (char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join(''));
  return globMatcher(pieces, { caseSensitive, anchored: false });
}
