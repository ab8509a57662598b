/** The first line of an error's message: what a verdict's reason and the console show. */
export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').trim();
}

/** Text on one line, cut to at most `length` characters (an ellipsis marks the cut). */
export function clip(text: string, length: number): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
