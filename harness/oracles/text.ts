// @silent-point search.match-case
/** Text compared with letter case aside: interface.md states no case rule for names, emails or statuses. */
export const foldCase = (value: unknown): string => String(value ?? '').toLowerCase();

/** Two strings equal letter case aside (false when either is not a string). */
export const sameText = (a: unknown, b: unknown): boolean => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** Whether text contains a fragment, letter case aside. */
export const containsText = (text: string, fragment: string): boolean => text.toLowerCase().includes(fragment.toLowerCase());
