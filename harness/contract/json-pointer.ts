/** JSON pointers (RFC 6901) as the profiles and validation issues use them: "" is the whole document. */

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: "${pointer}"`);
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

export function formatPointer(segments: readonly string[]): string {
  return segments.map((segment) => '/' + segment.replaceAll('~', '~0').replaceAll('/', '~1')).join('');
}

/** The value at pointer, or undefined when any step is missing. */
export function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const segment of parsePointer(pointer)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
